// Generated from install-steps.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly item: string;
  readonly list: string;
  readonly n: string;
  readonly note: string;
  readonly steps: string;
  readonly title: string;
};
export default styles;
