// Generated from income-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly days: string;
  readonly note: string;
};
export default styles;
