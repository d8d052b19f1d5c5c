// Generated from list-row.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly chevron: string;
  readonly compact: string;
  readonly danger: string;
  readonly group: string;
  readonly groupTitle: string;
  readonly icon: string;
  readonly label: string;
  readonly row: string;
  readonly rows: string;
  readonly value: string;
};
export default styles;
