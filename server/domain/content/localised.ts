// Picks the caller's language out of a row that keeps a text in both (`<name>_ur`, `<name>_en`).
import type { Lang } from '../../../workers/protocol/api.ts';

export const inLang = (lang: Lang, ur: string, en: string): string => (lang === 'en-US' ? en : ur);

/** The first `max` characters of a body, cut at a word where one is near, for list summaries. */
export function summaryOf(body: string, max = 140): string {
  const flat = body.replace(/\s+/gu, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
