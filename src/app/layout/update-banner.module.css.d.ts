// Generated from update-banner.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly banner: string;
  readonly icon: string;
  readonly reload: string;
  readonly text: string;
};
export default styles;
