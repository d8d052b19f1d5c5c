// Generated from notice.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly body: string;
  readonly detail: string;
  readonly dot: string;
  readonly dotCell: string;
  readonly head: string;
  readonly preview: string;
  readonly row: string;
  readonly tabs: string;
  readonly text: string;
  readonly title: string;
  readonly tools: string;
};
export default styles;
