// Generated from error-with-retry.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly block: string;
  readonly retry: string;
  readonly title: string;
};
export default styles;
