// Generated from contract.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly balance: string;
  readonly buy: string;
  readonly down: string;
  readonly error: string;
  readonly facts: string;
  readonly field: string;
  readonly form: string;
  readonly info: string;
  readonly inline: string;
  readonly main: string;
  readonly note: string;
  readonly order: string;
  readonly orderFacts: string;
  readonly orderHead: string;
  readonly orders: string;
  readonly sell: string;
  readonly up: string;
};
export default styles;
