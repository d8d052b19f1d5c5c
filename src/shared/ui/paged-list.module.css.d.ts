// Generated from paged-list.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly footer: string;
  readonly more: string;
};
export default styles;
