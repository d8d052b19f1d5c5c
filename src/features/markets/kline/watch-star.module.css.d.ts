// Generated from watch-star.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly star: string;
};
export default styles;
