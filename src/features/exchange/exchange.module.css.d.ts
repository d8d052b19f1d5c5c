// Generated from exchange.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly card: string;
  readonly cardHead: string;
  readonly cardLine: string;
  readonly cards: string;
  readonly coins: string;
  readonly countdown: string;
  readonly expired: string;
  readonly field: string;
  readonly pair: string;
  readonly pairSide: string;
  readonly row: string;
  readonly rowMain: string;
  readonly rowNums: string;
  readonly section: string;
  readonly select: string;
  readonly strong: string;
  readonly summary: string;
  readonly swap: string;
};
export default styles;
