// Generated from trade-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly band: string;
  readonly body: string;
  readonly buy: string;
  readonly chevron: string;
  readonly main: string;
  readonly meta: string;
  readonly name: string;
  readonly pct: string;
  readonly pcts: string;
  readonly px: string;
  readonly sell: string;
  readonly submit: string;
  readonly submitBar: string;
  readonly summary: string;
  readonly sym: string;
  readonly symbol: string;
};
export default styles;
