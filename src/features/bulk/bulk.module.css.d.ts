// Generated from bulk.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly card: string;
  readonly cardHead: string;
  readonly chip: string;
  readonly facts: string;
  readonly list: string;
  readonly name: string;
  readonly notice: string;
  readonly rules: string;
  readonly section: string;
  readonly stepBtn: string;
  readonly stepValue: string;
  readonly stepper: string;
};
export default styles;
