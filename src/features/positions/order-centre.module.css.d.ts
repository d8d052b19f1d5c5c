// Generated from order-centre.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly tabs: string;
};
export default styles;
