// Generated from chart-toolbar.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly group: string;
  readonly ind: string;
  readonly inds: string;
  readonly intervals: string;
  readonly sep: string;
};
export default styles;
