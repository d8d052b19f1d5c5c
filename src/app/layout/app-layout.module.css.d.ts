// Generated from app-layout.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly main: string;
  readonly progress: string;
};
export default styles;
