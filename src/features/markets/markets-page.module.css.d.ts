// Generated from markets-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly bar: string;
  readonly sticky: string;
  readonly tabs: string;
};
export default styles;
