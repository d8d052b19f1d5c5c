// Generated from search-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly box: string;
  readonly chip: string;
  readonly chips: string;
  readonly empty: string;
  readonly head: string;
  readonly hint: string;
  readonly history: string;
  readonly input: string;
  readonly popular: string;
  readonly resultsHead: string;
};
export default styles;
