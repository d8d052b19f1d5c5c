// Generated from countdown.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly countdown: string;
};
export default styles;
