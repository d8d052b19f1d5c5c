// Generated from avatar.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly avatar: string;
};
export default styles;
