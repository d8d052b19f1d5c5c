// Pure rules of the service chat: what a message text becomes before it is stored (control characters out,
// line breaks kept and runs of them shortened, ends trimmed) and whether what is left may be sent.
import { CHAT_TEXT_MAX } from '../../../contract/service.ts';

// C0 and C1 controls except tab and line feed, the bidi overrides that could disguise a text (LRE … RLO,
// LRI … PDI) and the BOM; Urdu's own joiners (ZWJ, ZWNJ) stay.
// eslint-disable-next-line no-control-regex
const STRIP = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/** The text as stored, or null when nothing sendable is left or it is too long (the caller says which). */
export function cleanChatText(
  input: string,
): { ok: true; text: string } | { ok: false; reason: 'empty' | 'long' } {
  const text = input
    .replace(/\r\n?/gu, '\n')
    .replace(STRIP, '')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
  if (text.length === 0) return { ok: false, reason: 'empty' };
  if ([...text].length > CHAT_TEXT_MAX) return { ok: false, reason: 'long' };
  return { ok: true, text };
}

/** The error key of a refused text. */
export const chatTextError = (reason: 'empty' | 'long'): string =>
  reason === 'empty' ? 'service.textEmpty' : 'service.textLong';
