// Generated from choice-form.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly choice: string;
  readonly choiceText: string;
  readonly choices: string;
  readonly section: string;
};
export default styles;
