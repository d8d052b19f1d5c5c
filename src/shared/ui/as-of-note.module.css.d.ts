// Generated from as-of-note.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly dot: string;
  readonly note: string;
};
export default styles;
