// Generated from kline-summary.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly break: string;
  readonly chg: string;
  readonly halt: string;
  readonly label: string;
  readonly main: string;
  readonly open: string;
  readonly pre: string;
  readonly price: string;
  readonly session: string;
  readonly stat: string;
  readonly stats: string;
  readonly summary: string;
  readonly value: string;
};
export default styles;
