// Generated from chart-legend.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly legend: string;
  readonly row: string;
};
export default styles;
