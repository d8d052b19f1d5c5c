// Generated from info-doc-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly prose: string;
};
export default styles;
