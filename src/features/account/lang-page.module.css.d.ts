// Generated from lang-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly flag: string;
  readonly tick: string;
};
export default styles;
