// Generated from bottom-sheet.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly body: string;
  readonly grip: string;
  readonly head: string;
  readonly sheet: string;
  readonly title: string;
};
export default styles;
