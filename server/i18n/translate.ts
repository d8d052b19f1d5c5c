// Server-side message lookup: picks the language from Accept-Language and fills {{name}} placeholders.
import fs from 'node:fs';
import { DEFAULT_LANG, LANGS, type Lang } from '../../workers/protocol/api.ts';
import type { MessageParams } from '../errors.ts';

type Messages = { readonly [key: string]: string | Messages };

const LOCALES_DIR = new URL('../../locales/', import.meta.url);

function loadMessages(lang: Lang): Messages {
  return JSON.parse(fs.readFileSync(new URL(`${lang}/errors.json`, LOCALES_DIR), 'utf8')) as Messages;
}

const MESSAGES: Readonly<Record<Lang, Messages>> = {
  'ur-PK': loadMessages('ur-PK'),
  'en-US': loadMessages('en-US'),
};

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when `key` names a message (used to fall back to a raw field name). */
export function hasMessage(key: string): boolean {
  return lookup(MESSAGES['en-US'], key) !== undefined;
}

/** The message `key` in `lang` (falling back to English, then to the key itself) with params filled in. */
export function translate(lang: Lang, key: string, params: MessageParams = {}): string {
  const template = lookup(MESSAGES[lang], key) ?? lookup(MESSAGES['en-US'], key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Best supported language of an Accept-Language header (q-values honoured); ur-PK when none matches. */
export function pickLang(header: string | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([01](?:\.\d{1,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const lang = LANGS.find(
      (l) => l.toLowerCase() === tag || l.slice(0, 2).toLowerCase() === tag.slice(0, 2),
    );
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}
