// Generated from kyc-badge.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly link: string;
};
export default styles;
