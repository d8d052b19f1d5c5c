// Generated from field-frame.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly box: string;
  readonly boxButton: string;
  readonly error: string;
  readonly field: string;
  readonly hint: string;
  readonly input: string;
  readonly invalid: string;
  readonly label: string;
  readonly prefix: string;
};
export default styles;
