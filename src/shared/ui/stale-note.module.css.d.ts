// Generated from stale-note.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly note: string;
  readonly retry: string;
};
export default styles;
