// Generated from alerts.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly kinds: string;
  readonly kindsTitle: string;
  readonly main: string;
  readonly meta: string;
  readonly note: string;
  readonly off: string;
  readonly permission: string;
  readonly row: string;
  readonly symbol: string;
};
export default styles;
