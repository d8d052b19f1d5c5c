// Generated from income-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly card: string;
  readonly cards: string;
  readonly days: string;
  readonly note: string;
  readonly value: string;
};
export default styles;
