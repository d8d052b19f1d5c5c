// Generated from trade-form.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly buy: string;
  readonly error: string;
  readonly facts: string;
  readonly field: string;
  readonly form: string;
  readonly main: string;
  readonly sell: string;
};
export default styles;
