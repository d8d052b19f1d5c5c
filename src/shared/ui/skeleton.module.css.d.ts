// Generated from skeleton.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly bar: string;
  readonly barA: string;
  readonly pill: string;
  readonly quote: string;
  readonly row: string;
};
export default styles;
