// Generated from check-field.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly check: string;
  readonly error: string;
  readonly inline: string;
};
export default styles;
