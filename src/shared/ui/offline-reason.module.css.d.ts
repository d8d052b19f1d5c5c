// Generated from offline-reason.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly reason: string;
};
export default styles;
