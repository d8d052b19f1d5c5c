// Generated from market-as-of.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly row: string;
};
export default styles;
