// Generated from mine-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly badges: string;
  readonly main: string;
  readonly meta: string;
  readonly name: string;
  readonly profile: string;
};
export default styles;
