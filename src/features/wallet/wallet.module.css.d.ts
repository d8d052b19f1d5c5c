// Generated from wallet.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly body: string;
  readonly list: string;
  readonly main: string;
  readonly name: string;
  readonly note: string;
  readonly number: string;
  readonly ok: string;
  readonly remove: string;
  readonly row: string;
  readonly tabs: string;
};
export default styles;
