// Generated from empty-state.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly art: string;
  readonly empty: string;
  readonly plain: string;
  readonly text: string;
  readonly title: string;
};
export default styles;
