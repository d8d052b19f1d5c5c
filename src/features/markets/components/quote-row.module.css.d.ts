// Generated from quote-row.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly cell: string;
  readonly id: string;
  readonly live: string;
  readonly mid: string;
  readonly name: string;
  readonly pill: string;
  readonly price: string;
  readonly row: string;
  readonly sym: string;
  readonly vol: string;
};
export default styles;
