// Generated from vote.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly ballot: string;
  readonly barHead: string;
  readonly bars: string;
  readonly body: string;
  readonly card: string;
  readonly cardHead: string;
  readonly chip: string;
  readonly facts: string;
  readonly fill: string;
  readonly list: string;
  readonly mine: string;
  readonly name: string;
  readonly noticeLink: string;
  readonly option: string;
  readonly optionList: string;
  readonly options: string;
  readonly results: string;
  readonly resultsTitle: string;
  readonly title: string;
  readonly track: string;
};
export default styles;
