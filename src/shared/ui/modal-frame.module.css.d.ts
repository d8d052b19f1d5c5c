// Generated from modal-frame.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly backdrop: string;
  readonly bottom: string;
};
export default styles;
