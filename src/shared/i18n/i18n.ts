// i18next set-up: Urdu is the default; only the language in use is downloaded (texts/<lang>.ts: one chunk
// with every namespace the app uses), the other one when the user switches; changing the language loads its
// texts first, then flips <html lang dir> and persists the choice without a reload.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang } from '../../../workers/protocol/api.ts';
import { byNamespace, type Namespaces } from './texts/by-namespace.ts';

const TEXTS: Record<Lang, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  'ur-PK': () => import('./texts/ur-PK.ts'),
  'en-US': () => import('./texts/en-US.ts'),
};
const loading = new Map<Lang, Promise<Namespaces>>();

/** A language's texts (fetched once; a failed fetch is tried again on the next call). */
export function loadTexts(lang: Lang): Promise<Namespaces> {
  let p = loading.get(lang);
  if (!p) {
    p = TEXTS[lang]().then((m) => byNamespace(m.default));
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}

/** i18next's way to the texts of a language it was not started with. */
const textsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    if (!isLang(lng)) return callback(null, {});
    loadTexts(lng).then(
      (texts) => callback(null, texts[ns] ?? {}),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
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

export async function initI18n(initial: unknown): Promise<typeof i18next> {
  const lng = isLang(initial) ? initial : DEFAULT_LANG;
  const texts = await loadTexts(lng);
  await i18next
    .use(textsBackend)
    .use(initReactI18next)
    .init({
      resources: { [lng]: texts },
      // The language in use comes with the start; the other one through the backend when switched to.
      partialBundledLanguages: true,
      lng,
      // No fallback language: it would download the other language's texts on every start. Both languages
      // have the same keys (tests/unit/i18n/locales.test.ts).
      fallbackLng: false,
      supportedLngs: [...LANGS],
      ns: Object.keys(texts),
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      showSupportNotice: false,
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
  await loadTexts(lang);
  applyDocumentLang(lang);
  await i18next.changeLanguage(lang);
}

export { i18next };
