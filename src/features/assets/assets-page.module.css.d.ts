// Generated from assets-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly cta: string;
  readonly grid: string;
  readonly hero: string;
  readonly total: string;
  readonly wide: string;
};
export default styles;
