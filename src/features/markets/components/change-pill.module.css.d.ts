// Generated from change-pill.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly down: string;
  readonly flat: string;
  readonly pill: string;
  readonly up: string;
};
export default styles;
