// Generated from guest-start-form.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly captcha: string;
  readonly heading: string;
  readonly subtitle: string;
  readonly wrap: string;
};
export default styles;
