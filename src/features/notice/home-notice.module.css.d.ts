// Generated from home-notice.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly bell: string;
  readonly carousel: string;
  readonly count: string;
  readonly dot: string;
  readonly dotOn: string;
  readonly dots: string;
  readonly image: string;
  readonly popup: string;
  readonly popupBody: string;
  readonly popupTitle: string;
  readonly slide: string;
  readonly track: string;
};
export default styles;
