// Generated from funds-detail-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly filters: string;
  readonly main: string;
  readonly nums: string;
  readonly row: string;
  readonly type: string;
};
export default styles;
