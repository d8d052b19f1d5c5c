// Generated from kline-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly badges: string;
  readonly buy: string;
  readonly chartBox: string;
  readonly indexLink: string;
  readonly name: string;
  readonly option: string;
  readonly sell: string;
  readonly tabs: string;
  readonly titlebar: string;
  readonly trade: string;
};
export default styles;
