// Generated from spot-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly buy: string;
  readonly cancel: string;
  readonly down: string;
  readonly error: string;
  readonly facts: string;
  readonly field: string;
  readonly form: string;
  readonly last: string;
  readonly main: string;
  readonly modeBar: string;
  readonly name: string;
  readonly order: string;
  readonly orderFacts: string;
  readonly orderHead: string;
  readonly orders: string;
  readonly pairBar: string;
  readonly pairPick: string;
  readonly pct: string;
  readonly percents: string;
  readonly sell: string;
  readonly up: string;
};
export default styles;
