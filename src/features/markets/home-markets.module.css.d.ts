// Generated from home-markets.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly grid: string;
  readonly head: string;
  readonly more: string;
  readonly movers: string;
  readonly moversList: string;
  readonly moversTabs: string;
  readonly section: string;
};
export default styles;
