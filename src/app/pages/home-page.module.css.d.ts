// Generated from home-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly badges: string;
  readonly cta: string;
  readonly greeting: string;
  readonly hello: string;
  readonly icon: string;
  readonly item: string;
  readonly quick: string;
  readonly soon: string;
  readonly soonIcon: string;
  readonly soonTitle: string;
};
export default styles;
