// Generated from auth-screen.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly forgot: string;
  readonly heading: string;
  readonly hero: string;
  readonly links: string;
  readonly row: string;
  readonly switch: string;
};
export default styles;
