// Generated from contract.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly actions: string;
  readonly balance: string;
  readonly info: string;
  readonly inline: string;
  readonly note: string;
};
export default styles;
