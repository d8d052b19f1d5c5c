// Generated from confirm-dialog.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly cancel: string;
  readonly dialog: string;
  readonly msg: string;
  readonly title: string;
};
export default styles;
