// i18n set-up (the app's own small i18next, ./shim/i18next.ts): Urdu is the default; only the language in use is downloaded, in two chunks: what the first
// screens show (texts/<lang>.ts, before the first render) and the rest (texts/<lang>-more.ts, with the first
// lazy screen, or before the update banner shows). The other language is fetched when the user switches;
// changing the language loads its texts first, then flips <html lang dir> and persists the choice without a
// reload.
import i18next, { type BackendModule, type I18n } from './shim/i18next.ts';
import { DEFAULT_LANG, LANGS, type Lang } from '../../../workers/protocol/api.ts';
import { byNamespace, type Namespaces } from './texts/by-namespace.ts';

type Part = 'first' | 'more';
type TextsModule = { default: Record<string, Record<string, unknown>> };
const TEXTS: Record<Lang, Record<Part, () => Promise<TextsModule>>> = {
  'ur-PK': { first: () => import('./texts/ur-PK.ts'), more: () => import('./texts/ur-PK-more.ts') },
  'en-US': { first: () => import('./texts/en-US.ts'), more: () => import('./texts/en-US-more.ts') },
};
const loading = new Map<string, Promise<Namespaces>>();

/** One part of a language's texts (fetched once; a failed fetch is tried again on the next call). */
function loadPart(lang: Lang, part: Part): Promise<Namespaces> {
  const key = `${lang}:${part}`;
  let p = loading.get(key);
  if (!p) {
    p = TEXTS[lang][part]().then((m) => byNamespace(m.default));
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

/** The texts the first screens of a language show. */
export function loadTexts(lang: Lang): Promise<Namespaces> {
  return loadPart(lang, 'first');
}

/** Every text of a language. */
export async function loadAllTexts(lang: Lang): Promise<Namespaces> {
  const [first, more] = await Promise.all([loadPart(lang, 'first'), loadPart(lang, 'more')]);
  return { ...first, ...more };
}

/** Whether the rest of the texts was asked for: a language switch then brings the new language's rest too. */
let wantAll = false;

/**
 * Every text of the language in use, for the screens past the first ones (the lazy routes wait for it): rejects
 * when it cannot be fetched, so the route's error screen offers a retry rather than showing keys.
 */
export async function ensureAllTexts(): Promise<void> {
  const lang = i18next.language;
  if (!isLang(lang)) return;
  wantAll = true;
  const more = await loadPart(lang, 'more');
  await i18next.loadNamespaces(Object.keys(more));
}

/** i18next's way to the texts it does not hold yet (the rest, or another language). */
const textsBackend: BackendModule = {
  async read(lng, ns) {
    if (!isLang(lng)) return {};
    const first = await loadPart(lng, 'first');
    return first[ns] ?? (await loadPart(lng, 'more'))[ns] ?? {};
  },
};

export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v);
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'ur-PK' ? 'rtl' : 'ltr';
}

/** Mirrors the language onto <html>: `lang` picks the font (Nastaliq for Urdu), `dir` mirrors the layout. */
export function applyDocumentLang(lang: Lang): void {
  const root = document.documentElement;
  root.lang = lang;
  root.dir = dirOf(lang);
}

/**
 * Starts i18n in the stored language. The app starts with the first screens' texts only (`firstScreenOnly`);
 * by default (tests, tools) every text is there from the start.
 */
export async function initI18n(
  initial: unknown,
  { firstScreenOnly = false }: { firstScreenOnly?: boolean } = {},
): Promise<I18n> {
  const lng = isLang(initial) ? initial : DEFAULT_LANG;
  wantAll = !firstScreenOnly;
  const texts = firstScreenOnly ? await loadTexts(lng) : await loadAllTexts(lng);
  await i18next.use(textsBackend).init({
    // The language in use comes with the start; the rest and the other language through the backend. No
    // fallback language: it would download the other language's texts on every start. Both languages have
    // the same keys (tests/unit/i18n/locales.test.ts). Nothing is escaped: React escapes.
    resources: { [lng]: texts },
    lng,
    ns: Object.keys(texts),
    defaultNS: 'common',
    rtlLanguages: LANGS.filter((l) => dirOf(l) === 'rtl'),
  });
  if (typeof document !== 'undefined') applyDocumentLang(lng);
  return i18next;
}

/** Switches the UI language in place; the caller persists it (storage.setLang). */
export async function changeLanguage(lang: Lang): Promise<void> {
  // The texts first: if they cannot be fetched (offline before the service worker kept them), this throws
  // and nothing changes. Then <html lang>: components re-rendered by the change may read the page's CSS for
  // the new language (the painted market cells read their fonts and line height from it); with the texts
  // already here, no frame shows the new direction with the old words.
  await (wantAll ? loadAllTexts(lang) : loadTexts(lang));
  applyDocumentLang(lang);
  await i18next.changeLanguage(lang);
}

export { i18next };
