// Generated from fee-breakdown.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly fees: string;
  readonly minor: string;
  readonly net: string;
  readonly netValue: string;
  readonly row: string;
};
export default styles;
