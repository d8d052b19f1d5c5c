// Generated from order-row.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly buy: string;
  readonly foot: string;
  readonly fresh: string;
  readonly grid: string;
  readonly name: string;
  readonly reason: string;
  readonly row: string;
  readonly sell: string;
  readonly side: string;
  readonly status: string;
  readonly sym: string;
  readonly top: string;
};
export default styles;
