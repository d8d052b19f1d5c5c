// Generated from position-actions.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly pair: string;
};
export default styles;
