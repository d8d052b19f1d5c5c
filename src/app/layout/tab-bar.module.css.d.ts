// Generated from tab-bar.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly icon: string;
  readonly item: string;
  readonly tabbar: string;
};
export default styles;
