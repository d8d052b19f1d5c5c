// Generated from loan.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly date: string;
  readonly days: string;
  readonly dial: string;
  readonly excellent: string;
  readonly factRow: string;
  readonly facts: string;
  readonly meter: string;
  readonly qualified: string;
  readonly risk: string;
  readonly row: string;
  readonly rowMain: string;
  readonly scoreNumber: string;
  readonly section: string;
  readonly warning: string;
};
export default styles;
