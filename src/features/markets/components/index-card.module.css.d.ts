// Generated from index-card.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly card: string;
  readonly chg: string;
  readonly down: string;
  readonly name: string;
  readonly price: string;
  readonly up: string;
};
export default styles;
