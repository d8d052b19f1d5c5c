// Generated from totals-card.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly assets: string;
  readonly big: string;
  readonly grid: string;
  readonly head: string;
  readonly pnl: string;
  readonly totals: string;
};
export default styles;
