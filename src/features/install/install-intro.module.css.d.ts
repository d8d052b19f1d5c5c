// Generated from install-intro.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly intro: string;
  readonly name: string;
  readonly text: string;
};
export default styles;
