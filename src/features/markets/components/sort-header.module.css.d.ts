// Generated from sort-header.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly arrows: string;
  readonly btn: string;
  readonly chg: string;
  readonly header: string;
  readonly mid: string;
  readonly name: string;
};
export default styles;
