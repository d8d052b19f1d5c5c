// Generated from password-sheet.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly box: string;
  readonly boxes: string;
  readonly hint: string;
  readonly key: string;
  readonly keypad: string;
};
export default styles;
