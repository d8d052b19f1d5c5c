// Generated from feed-badge.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly badge: string;
  readonly dot: string;
  readonly facts: string;
  readonly hint: string;
  readonly live: string;
  readonly offline: string;
  readonly polling: string;
  readonly time: string;
  readonly trigger: string;
};
export default styles;
