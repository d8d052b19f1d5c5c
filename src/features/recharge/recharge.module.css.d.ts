// Generated from recharge.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly address: string;
  readonly choice: string;
  readonly choiceText: string;
  readonly choices: string;
  readonly copyLine: string;
  readonly dot: string;
  readonly notice: string;
  readonly pair: string;
  readonly reference: string;
  readonly rowButton: string;
  readonly section: string;
  readonly step: string;
  readonly summary: string;
  readonly timeline: string;
};
export default styles;
