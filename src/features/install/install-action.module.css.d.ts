// Generated from install-action.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly note: string;
  readonly ok: string;
};
export default styles;
