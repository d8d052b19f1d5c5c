// Generated from position-row.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly col: string;
  readonly head: string;
  readonly main: string;
  readonly name: string;
  readonly pnl: string;
  readonly row: string;
  readonly sub: string;
  readonly sym: string;
  readonly symline: string;
  readonly t1: string;
  readonly today: string;
  readonly todayLabel: string;
};
export default styles;
