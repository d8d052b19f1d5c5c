// Generated from captcha-field.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly image: string;
  readonly retry: string;
};
export default styles;
