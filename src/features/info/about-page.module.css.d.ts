// Generated from about-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly head: string;
  readonly name: string;
};
export default styles;
