// Generated from amount-field.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly max: string;
  readonly unit: string;
};
export default styles;
