// Generated from stepper-field.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly box: string;
  readonly btn: string;
  readonly fixed: string;
  readonly input: string;
  readonly label: string;
  readonly stepper: string;
};
export default styles;
