// Generated from spot-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly cancel: string;
  readonly down: string;
  readonly last: string;
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
  readonly up: string;
};
export default styles;
