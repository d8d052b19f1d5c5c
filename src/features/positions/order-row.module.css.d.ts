// Generated from order-row.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly fresh: string;
};
export default styles;
