// Generated from withdraw.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly chip: string;
  readonly choice: string;
  readonly choiceText: string;
  readonly choices: string;
  readonly dot: string;
  readonly filters: string;
  readonly long: string;
  readonly main: string;
  readonly notice: string;
  readonly nums: string;
  readonly paid: string;
  readonly pair: string;
  readonly pending: string;
  readonly rejected: string;
  readonly row: string;
  readonly section: string;
  readonly step: string;
  readonly strong: string;
  readonly summary: string;
  readonly timeline: string;
};
export default styles;
