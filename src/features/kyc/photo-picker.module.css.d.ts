// Generated from photo-picker.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly error: string;
  readonly input: string;
  readonly invalid: string;
  readonly label: string;
  readonly picker: string;
  readonly preview: string;
  readonly remove: string;
  readonly zone: string;
};
export default styles;
