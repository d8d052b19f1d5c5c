// Generated from vip-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly badge: string;
  readonly card: string;
  readonly gate: string;
  readonly item: string;
  readonly itemHead: string;
  readonly list: string;
  readonly plan: string;
  readonly section: string;
  readonly state: string;
};
export default styles;
