// Generated from page-header.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly clear: string;
  readonly end: string;
  readonly header: string;
  readonly side: string;
  readonly title: string;
  readonly wide: string;
};
export default styles;
