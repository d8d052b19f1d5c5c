// Generated from trades-tape.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly empty: string;
  readonly head: string;
  readonly list: string;
  readonly row: string;
  readonly tape: string;
  readonly time: string;
};
export default styles;
