// Generated from symbol-picker.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly empty: string;
  readonly input: string;
  readonly list: string;
  readonly name: string;
  readonly row: string;
  readonly sym: string;
};
export default styles;
