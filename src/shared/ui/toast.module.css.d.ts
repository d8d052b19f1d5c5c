// Generated from toast.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly err: string;
  readonly host: string;
  readonly ok: string;
  readonly toast: string;
};
export default styles;
