// Generated from tone.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly down: string;
  readonly flashDown: string;
  readonly flashUp: string;
  readonly flat: string;
  readonly up: string;
};
export default styles;
