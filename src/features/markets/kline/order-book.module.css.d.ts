// Generated from order-book.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly ask: string;
  readonly bar: string;
  readonly bid: string;
  readonly body: string;
  readonly book: string;
  readonly empty: string;
  readonly head: string;
  readonly price: string;
  readonly qty: string;
  readonly row: string;
  readonly side: string;
};
export default styles;
