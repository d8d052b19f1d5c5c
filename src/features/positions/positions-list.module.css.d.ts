// Generated from positions-list.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly body: string;
  readonly guard: string;
  readonly list: string;
  readonly window: string;
};
export default styles;
