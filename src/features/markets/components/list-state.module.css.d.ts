// Generated from list-state.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly state: string;
  readonly title: string;
};
export default styles;
