// @vitest-environment jsdom
// The app downloads only the language in use, in two chunks (src/shared/i18n/texts/<lang>.ts for the first
// screens, <lang>-more.ts for the rest): together they hold every locale file of the language but the server's
// own namespaces, no namespace the app's sources use is left out, the app starts with the first part only and
// fetches the rest when asked, and a switch fetches the other language's texts before anything changes (and
// changes nothing when they cannot be fetched).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  byNamespace,
  FIRST_SCREEN_NAMESPACES,
  SERVER_NAMESPACES,
} from '../../../src/shared/i18n/texts/by-namespace.ts';
import enMore from '../../../src/shared/i18n/texts/en-US-more.ts';
import enFirst from '../../../src/shared/i18n/texts/en-US.ts';
import urMore from '../../../src/shared/i18n/texts/ur-PK-more.ts';
import urFirst from '../../../src/shared/i18n/texts/ur-PK.ts';

const ur = { ...byNamespace(urFirst), ...byNamespace(urMore) };
const en = { ...byNamespace(enFirst), ...byNamespace(enMore) };

const ROOT = join(import.meta.dirname, '../../..');
const files = (lang: string) =>
  readdirSync(join(ROOT, 'locales', lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

describe('texts by language', () => {
  it('splits each language into the first screens’ namespaces and the rest', () => {
    for (const [first, more] of [
      [urFirst, urMore],
      [enFirst, enMore],
    ] as const) {
      expect(Object.keys(byNamespace(first)).sort()).toEqual([...FIRST_SCREEN_NAMESPACES].sort());
      for (const ns of FIRST_SCREEN_NAMESPACES) expect(Object.keys(byNamespace(more))).not.toContain(ns);
    }
  });

  it('bundles every locale file of a language but the server’s namespaces', () => {
    for (const [lang, texts] of [
      ['ur-PK', ur],
      ['en-US', en],
    ] as const) {
      const expected = files(lang).filter((ns) => !(SERVER_NAMESPACES as readonly string[]).includes(ns));
      expect(Object.keys(texts).sort(), lang).toEqual(expected);
      expect(texts.common?.appName, lang).toBeTruthy();
    }
  });

  it('leaves out no namespace the app’s sources use', () => {
    const all = files('en-US').join('|');
    const used = new Set<string>();
    const re = new RegExp(`['"\`](${all}):[A-Za-z0-9_.{$]|useTranslation\\(['"](${all})['"]`, 'g');
    for (const file of sources(join(ROOT, 'src')))
      for (const m of readFileSync(file, 'utf8').matchAll(re)) used.add(m[1] ?? m[2] ?? '');
    expect(used.size).toBeGreaterThan(4); // the scan really found the app's namespaces
    expect([...used].filter((ns) => !(ns in ur) || !(ns in en))).toEqual([]);
  });

  it('gives the first screens (Home, Markets, the frame) only the first screens’ namespaces', () => {
    // routes.ts lets these screens render without the rest of the texts; the update banner fetches its own.
    const screens = [
      join(ROOT, 'src/app/pages/home-page.tsx'),
      ...sources(join(ROOT, 'src/app/layout')).filter((f) => !f.endsWith('update-banner.tsx')),
      ...sources(join(ROOT, 'src/features/markets')),
    ];
    const all = files('en-US');
    const re = new RegExp(`['"\`](${all.join('|')}):[A-Za-z0-9_.{$]|useTranslation\\(['"](\\w+)['"]`, 'g');
    const used = new Set<string>();
    for (const file of screens)
      for (const m of readFileSync(file, 'utf8').matchAll(re)) used.add(m[1] ?? m[2] ?? '');
    expect(used.size).toBeGreaterThan(2);
    expect([...used].filter((ns) => !(FIRST_SCREEN_NAMESPACES as readonly string[]).includes(ns))).toEqual(
      [],
    );
  });

  it('names each language the same way in both, so the one in use can show both names', () => {
    const lang = (t: typeof ur) => t.common?.lang as Record<string, string> | undefined;
    expect(lang(ur)?.urNative).toBe(lang(en)?.urNative);
    expect(lang(ur)?.enNative).toBe(lang(en)?.enNative);
  });
});

describe('a language switch', () => {
  afterEach(() => {
    vi.doUnmock('../../../src/shared/i18n/texts/en-US.ts');
    vi.resetModules();
  });

  it('starts with the first screens’ texts of the language in use, then the rest, then the other language', async () => {
    vi.resetModules();
    const { initI18n, changeLanguage, ensureAllTexts, i18next } =
      await import('../../../src/shared/i18n/i18n.ts');
    await initI18n('ur-PK', { firstScreenOnly: true });
    expect(i18next.hasResourceBundle('ur-PK', 'common')).toBe(true);
    expect(i18next.hasResourceBundle('ur-PK', 'info')).toBe(false);
    expect(i18next.hasResourceBundle('en-US', 'common')).toBe(false);
    expect(i18next.t('common:appName')).toBe(ur.common?.appName);
    await ensureAllTexts();
    expect(i18next.hasResourceBundle('ur-PK', 'info')).toBe(true);
    await changeLanguage('en-US');
    expect(i18next.language).toBe('en-US');
    expect(i18next.t('common:appName')).toBe(en.common?.appName);
    // The rest came along for the new language, since the old one had it.
    expect(i18next.hasResourceBundle('en-US', 'info')).toBe(true);
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('changes nothing when the other language cannot be fetched', async () => {
    vi.resetModules();
    vi.doMock('../../../src/shared/i18n/texts/en-US.ts', () => {
      throw new Error('offline');
    });
    const { initI18n, changeLanguage, i18next } = await import('../../../src/shared/i18n/i18n.ts');
    await initI18n('ur-PK', { firstScreenOnly: true });
    await expect(changeLanguage('en-US')).rejects.toThrow();
    expect(i18next.language).toBe('ur-PK');
    expect(document.documentElement.lang).toBe('ur-PK');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18next.t('common:appName')).toBe(ur.common?.appName);
  });
});
