// Generated from option.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly body: string;
  readonly card: string;
  readonly chip: string;
  readonly disclosure: string;
  readonly facts: string;
  readonly head: string;
  readonly qtyInput: string;
  readonly stats: string;
  readonly stepBtn: string;
  readonly stepper: string;
  readonly tabs: string;
};
export default styles;
