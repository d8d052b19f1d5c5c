// Generated from ipo.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly card: string;
  readonly cardHead: string;
  readonly chip: string;
  readonly facts: string;
  readonly filters: string;
  readonly list: string;
  readonly name: string;
  readonly notice: string;
  readonly prose: string;
  readonly section: string;
  readonly stepBtn: string;
  readonly stepValue: string;
  readonly stepper: string;
  readonly switch: string;
  readonly switchKnob: string;
};
export default styles;
