// The server's one translator: every message the server sends (answers' `msg`, validation sentences, socket
// `err` frames, order reasons) comes from the app's own locale files, `locales/<lang>/<namespace>.json` for each
// of the app's languages (LANGS). A key names its namespace like the app's i18next does, `market:errors.badRange`;
// a key without one is in `errors` (`auth.captcha`). Placeholders are `{{name}}`. A message missing in the
// asked language falls back to English, then to the key itself.
import fs from 'node:fs';
import { DEFAULT_LANG, LANGS, type Lang } from '../../workers/protocol/api.ts';
import type { MessageParams } from '../errors.ts';

type Messages = { readonly [key: string]: string | Messages };
type Catalog = ReadonlyMap<string, Messages>;

/** The namespace of a key without a `ns:` prefix. */
export const DEFAULT_NAMESPACE = 'errors';
const FALLBACK_LANG: Lang = 'en-US';
const LOCALES_DIR = new URL('../../locales/', import.meta.url);

function lookup(messages: Messages | undefined, path: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function split(key: string): [namespace: string, path: string] {
  const colon = key.indexOf(':');
  return colon > 0 ? [key.slice(0, colon), key.slice(colon + 1)] : [DEFAULT_NAMESPACE, key];
}

export class Translator {
  constructor(private readonly catalogs: ReadonlyMap<Lang, Catalog>) {}

  private find(lang: Lang, key: string): string | undefined {
    const [ns, path] = split(key);
    return lookup(this.catalogs.get(lang)?.get(ns), path);
  }

  /** True when `key` names a message (used to fall back to a raw field name). */
  has(key: string): boolean {
    return this.find(FALLBACK_LANG, key) !== undefined;
  }

  /** The message `key` in `lang` (falling back to English, then to the key itself) with params filled in. */
  t(lang: Lang, key: string, params: MessageParams = {}): string {
    const template = this.find(lang, key) ?? this.find(FALLBACK_LANG, key) ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  }
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

/** Reads every namespace file of every language under `dir` (the app's locales/). */
export function loadTranslator(dir: URL = LOCALES_DIR): Translator {
  const catalogs = new Map<Lang, Catalog>();
  for (const lang of LANGS) {
    const langDir = new URL(`${lang}/`, dir);
    const catalog = new Map<string, Messages>();
    for (const file of fs.readdirSync(langDir).sort()) {
      if (!file.endsWith('.json')) continue;
      const text = fs.readFileSync(new URL(file, langDir), 'utf8');
      catalog.set(file.slice(0, -'.json'.length), JSON.parse(text) as Messages);
    }
    catalogs.set(lang, catalog);
  }
  return new Translator(catalogs);
}

/**
 * The process's translator, read once at start. `app.translator` (plugins/translator.ts) is this instance;
 * the few answers written before a request reaches the app (envelope.ts: framework and client errors) use it
 * directly.
 */
export const translator: Translator = loadTranslator();
