// The few words the format module prints itself (weekdays, "yesterday", Million/Billion), per language.
// shared/ stays free of the i18n runtime, so these live here instead of in locales/; formatters take a `lang`.
import type { Lang } from '../../../workers/protocol/api.ts';

export interface FormatWords {
  yesterday: string;
  /** Sunday first, matching Date#getUTCDay(). */
  weekdays: readonly [string, string, string, string, string, string, string];
  million: string;
  billion: string;
}

const WORDS: Record<Lang, FormatWords> = {
  'ur-PK': {
    // "کل" alone also means tomorrow; "گزشتہ کل" is unambiguous.
    yesterday: 'گزشتہ کل',
    weekdays: ['اتوار', 'پیر', 'منگل', 'بدھ', 'جمعرات', 'جمعہ', 'ہفتہ'],
    million: 'ملین',
    billion: 'بلین',
  },
  'en-US': {
    yesterday: 'Yesterday',
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    million: 'Million',
    billion: 'Billion',
  },
};

/** Words for `lang`; an unknown language falls back to Urdu, the product's default. */
export function formatWords(lang: Lang): FormatWords {
  return WORDS[lang] ?? WORDS['ur-PK'];
}
