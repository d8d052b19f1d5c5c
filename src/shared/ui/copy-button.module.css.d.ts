// Generated from copy-button.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly copy: string;
};
export default styles;
