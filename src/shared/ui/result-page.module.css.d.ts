// Generated from result-page.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly details: string;
  readonly failure: string;
  readonly line: string;
  readonly mark: string;
  readonly message: string;
  readonly pending: string;
  readonly result: string;
  readonly success: string;
  readonly title: string;
};
export default styles;
