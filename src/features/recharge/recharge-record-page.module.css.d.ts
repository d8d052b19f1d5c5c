// Generated from recharge-record-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly channel: string;
  readonly credited: string;
  readonly filters: string;
  readonly main: string;
  readonly nums: string;
  readonly pending: string;
  readonly rejected: string;
  readonly row: string;
};
export default styles;
