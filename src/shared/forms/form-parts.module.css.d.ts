// Generated from form-parts.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly form: string;
  readonly formError: string;
};
export default styles;
