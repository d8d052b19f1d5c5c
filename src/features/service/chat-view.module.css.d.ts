// Generated from chat-view.module.css by scripts/css-module-types.ts (npm run css-types): do not edit.
declare const styles: {
  readonly attach: string;
  readonly chat: string;
  readonly composer: string;
  readonly empty: string;
  readonly error: string;
  readonly image: string;
  readonly input: string;
  readonly list: string;
  readonly meta: string;
  readonly mine: string;
  readonly note: string;
  readonly older: string;
  readonly text: string;
  readonly theirs: string;
  readonly typing: string;
};
export default styles;
