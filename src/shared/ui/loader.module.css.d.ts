// Generated from loader.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly box: string;
  readonly host: string;
  readonly spinner: string;
};
export default styles;
