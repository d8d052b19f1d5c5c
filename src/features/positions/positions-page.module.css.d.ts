// Generated from positions-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly body: string;
  readonly state: string;
  readonly tabsRow: string;
  readonly trade: string;
};
export default styles;
