// Generated from service-row.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly badge: string;
};
export default styles;
