// Generated from segmented.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly opt: string;
  readonly segmented: string;
};
export default styles;
