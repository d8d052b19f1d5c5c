// Generated from tabs.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly count: string;
  readonly list: string;
  readonly pill: string;
  readonly scrollable: string;
  readonly tab: string;
  readonly underline: string;
};
export default styles;
