// i18next set-up: every namespace under locales/<lang>/<ns>.json is bundled (no HTTP backend), Urdu is the
// default, and changing the language flips <html lang dir> and persists the choice without a reload.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang } from '../../../workers/protocol/api.ts';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

// Eager glob = static imports of every locale file, so a namespace another team adds (e.g. `errors`) is
// picked up without touching this file.
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function bundledResources(): Resources {
  const resources: Resources = {};
  for (const [file, json] of Object.entries(files)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!m?.[1] || !m[2]) continue;
    (resources[m[1]] ??= {})[m[2]] = json;
  }
  return resources;
}

export const NAMESPACES = ['common', 'nav', 'account', 'info', 'home', 'errors', 'markets'] as const;

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
  const resources = bundledResources();
  await i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    ns: Object.keys(resources[DEFAULT_LANG] ?? {}),
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
  // <html lang> first: components re-rendered by the change may read the page's CSS for the new language (the
  // painted market cells read their fonts and line height from it). Resources are bundled, so no frame shows
  // the new direction with the old words.
  applyDocumentLang(lang);
  await i18next.changeLanguage(lang);
}

export { i18next };
