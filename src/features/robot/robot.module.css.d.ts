// Generated from robot.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly box: string;
  readonly card: string;
  readonly cardHead: string;
  readonly cards: string;
  readonly chart: string;
  readonly confirm: string;
  readonly facts: string;
  readonly legend: string;
  readonly period: string;
  readonly row: string;
  readonly rowMain: string;
  readonly rowNums: string;
  readonly section: string;
  readonly state: string;
  readonly tag: string;
  readonly tags: string;
  readonly tiers: string;
  readonly warning: string;
};
export default styles;
