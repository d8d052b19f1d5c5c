// Generated from sms-code-field.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly send: string;
};
export default styles;
