// Generated from drawer.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly account: string;
  readonly accountLink: string;
  readonly accountMain: string;
  readonly accountName: string;
  readonly backdrop: string;
  readonly brand: string;
  readonly chevron: string;
  readonly drawer: string;
  readonly guestActions: string;
  readonly id: string;
  readonly money: string;
  readonly open: string;
  readonly root: string;
  readonly top: string;
  readonly user: string;
};
export default styles;
