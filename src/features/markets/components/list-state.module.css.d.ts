// Generated from list-state.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly bar: string;
  readonly barA: string;
  readonly barC: string;
  readonly row: string;
  readonly state: string;
  readonly title: string;
};
export default styles;
