// Generated from news.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly article: string;
  readonly auto: string;
  readonly body: string;
  readonly hero: string;
  readonly meta: string;
  readonly row: string;
  readonly summary: string;
  readonly text: string;
  readonly thumb: string;
  readonly title: string;
};
export default styles;
