// Generated from contract.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly balance: string;
  readonly down: string;
  readonly info: string;
  readonly inline: string;
  readonly note: string;
  readonly notice: string;
  readonly order: string;
  readonly orderFacts: string;
  readonly orderHead: string;
  readonly orders: string;
  readonly up: string;
};
export default styles;
