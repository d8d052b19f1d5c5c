// Generated from kyc-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly photos: string;
  readonly progress: string;
};
export default styles;
