// Locale files: ur-PK and en-US have the same keys in every namespace, no value is empty, and every
// literal `ns:key` used in src/ (t('…'), i18nKey="…", key constants) exists in both languages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INFO_DOCS, infoDocKeys, type InfoDoc } from '../../../src/features/info/info-docs.ts';
import { drawerRows } from '../../../src/app/layout/drawer-menu.ts';

const ROOT = join(import.meta.dirname, '../../..');
const LANGS = ['ur-PK', 'en-US'] as const;

function flatten(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof obj !== 'object' || obj === null) return out.set(prefix, obj);
  for (const [k, v] of Object.entries(obj)) {
    for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  }
  return out;
}

function loadLang(lang: string): Map<string, Map<string, unknown>> {
  const dir = join(ROOT, 'locales', lang);
  const out = new Map<string, Map<string, unknown>>();
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    out.set(f.replace(/\.json$/, ''), flatten(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
  }
  return out;
}

const locales = Object.fromEntries(LANGS.map((l) => [l, loadLang(l)])) as Record<
  (typeof LANGS)[number],
  Map<string, Map<string, unknown>>
>;

function has(lang: (typeof LANGS)[number], fullKey: string): boolean {
  const i = fullKey.indexOf(':');
  const ns = locales[lang].get(fullKey.slice(0, i));
  const key = fullKey.slice(i + 1);
  return !!ns && (ns.has(key) || ns.has(`${key}_one`) || ns.has(`${key}_other`));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

describe('locales', () => {
  it('has the same namespaces and keys in ur-PK and en-US', () => {
    expect([...locales['ur-PK'].keys()].sort()).toEqual([...locales['en-US'].keys()].sort());
    for (const [ns, ur] of locales['ur-PK']) {
      const en = locales['en-US'].get(ns) ?? new Map();
      expect([...ur.keys()].sort(), `namespace ${ns}`).toEqual([...en.keys()].sort());
    }
  });

  it('has no empty or non-string values', () => {
    for (const lang of LANGS)
      for (const [ns, keys] of locales[lang])
        for (const [k, v] of keys)
          expect(typeof v === 'string' && v.trim() !== '', `${lang} ${ns}:${k}`).toBe(true);
  });

  it('has every ns:key that the source uses literally', () => {
    const namespaces = [...locales['en-US'].keys()].join('|');
    const re = new RegExp(`['"\`]((?:${namespaces}):[A-Za-z0-9_.]+)['"\`]`, 'g');
    const used = new Set<string>();
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(re))
        if (m[1] && !m[1].endsWith('.')) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50); // the scan really found the app's keys
    const missing = [...used].filter((k) => LANGS.some((l) => !has(l, k)));
    expect(missing).toEqual([]);
  });

  it('has the keys built at run time (info texts, drawer rows)', () => {
    const keys = [
      ...(Object.keys(INFO_DOCS) as InfoDoc[]).flatMap(infoDocKeys),
      ...drawerRows(1).map((r) => r.labelKey),
      ...['home', 'markets', 'ai', 'position', 'mine'].map((t) => `nav:tab.${t}`),
    ];
    const missing = keys.filter((k) => LANGS.some((l) => !has(l, k)));
    expect(missing).toEqual([]);
  });

  it('writes Urdu in Arabic script', () => {
    const common = locales['ur-PK'].get('common');
    expect(String(common?.get('appName'))).toMatch(/[\u0600-\u06FF]/);
  });

  it('keeps each Urdu figure with its unit or sign in one left-to-right isolate', () => {
    // "{{margin}} USDT" in an Urdu sentence would read "USDT 81.29", and "{{pct}}%" of a negative figure
    // "0.50-%": a figure with its unit sits inside U+2066 … U+2069 (see src/shared/format/bidi.ts).
    const loose = /(?<!\u2066)(\{\{\w+\}\} ?(?:USDT|PKR|%)|(?:USDT|PKR) \{\{\w+\}\})(?!\u2069)/;
    const found: string[] = [];
    for (const [ns, keys] of locales['ur-PK'])
      for (const [key, v] of keys) if (typeof v === 'string' && loose.test(v)) found.push(`${ns}:${key}`);
    expect(found).toEqual([]);
  });
});
