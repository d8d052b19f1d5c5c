// Generated from kline-chart.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly chart: string;
  readonly loading: string;
};
export default styles;
