// Generated from ico.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly card: string;
  readonly cardHead: string;
  readonly chip: string;
  readonly facts: string;
  readonly filters: string;
  readonly input: string;
  readonly label: string;
  readonly list: string;
  readonly name: string;
  readonly notice: string;
  readonly prose: string;
  readonly section: string;
};
export default styles;
