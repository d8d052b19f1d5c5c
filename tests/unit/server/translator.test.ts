// The server's one translator (server/i18n/translator.ts): every namespace of the app's locales, `ns:` keys,
// fallbacks, placeholders; and every message key the server names literally resolves in both languages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../workers/protocol/api.ts';
import { loadTranslator, pickLang, translator } from '../../../server/i18n/translator.ts';

const SERVER = path.resolve(__dirname, '../../../server');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * Message keys written as literals: AppError('key' …), fieldError('field', 'key' …), .t('key' …),
 * .t(lang, 'key' …), end('key'), err('key').
 */
function literalKeys(): string[] {
  const keys = new Set<string>();
  const patterns = [
    /new AppError\(\s*'([^']+)'/g,
    /\bfieldError\(\s*'[^']+',\s*'([^']+)'/g,
    /\.t\(\s*'([^']+)'/g,
    /\.t\(\s*[\w.]+,\s*'([^']+)'/g,
    /\b(?:end|err)\(\s*'([a-z][\w]*\.[\w.]+)'/g,
  ];
  for (const file of sources(SERVER)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of text.matchAll(re)) keys.add(m[1]!);
  }
  return [...keys].sort();
}

describe('the server translator', () => {
  it('finds every message the server names, in every language, in real Urdu', () => {
    const keys = literalKeys();
    expect(keys.length).toBeGreaterThan(40);
    expect(keys).toContain('market:errors.unknownSymbol');
    for (const key of keys) {
      expect(translator.has(key), key).toBe(true);
      for (const lang of LANGS) expect(translator.t(lang, key), `${lang} ${key}`).not.toBe(key);
      expect(translator.t('ur-PK', key), key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('reads keys by namespace like the app: errors by default, market:… from market.json', () => {
    expect(translator.t('en-US', 'auth.captcha')).toBe('captcha code error');
    expect(translator.t('en-US', 'errors:auth.captcha')).toBe('captcha code error');
    expect(translator.t('en-US', 'market:errors.unknownSymbol', { symbol: 'XYZ' })).toBe(
      'Unknown symbol: XYZ',
    );
    expect(translator.t('ur-PK', 'market:errors.unknownSymbol', { symbol: 'XYZ' })).toBe(
      'نامعلوم علامت: XYZ',
    );
    expect(translator.t('en-US', 'market:errors.tooManyChannels', { max: 50 })).toContain('50 channels');
  });

  it('falls back to English, then to the key; leaves unknown placeholders alone', () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'locales-'));
    try {
      for (const lang of LANGS) fs.mkdirSync(path.join(dir, lang));
      fs.writeFileSync(path.join(dir, 'en-US', 'errors.json'), '{"a":{"b":"Hello {{who}} {{other}}"}}');
      fs.writeFileSync(path.join(dir, 'ur-PK', 'errors.json'), '{}');
      fs.writeFileSync(path.join(dir, 'en-US', 'shop.json'), '{"x":"X"}');
      fs.writeFileSync(path.join(dir, 'ur-PK', 'shop.json'), '{"x":"ایکس"}');
      const tr = loadTranslator(new URL(`file://${dir}/`));
      expect(tr.t('ur-PK', 'a.b', { who: 'Ali' })).toBe('Hello Ali {{other}}');
      expect(tr.t('ur-PK', 'shop:x')).toBe('ایکس');
      expect(tr.t('en-US', 'no.such')).toBe('no.such');
      expect(tr.has('no.such')).toBe(false);
      expect(tr.has('shop:x')).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('picks the language from Accept-Language', () => {
    expect(pickLang(undefined)).toBe('ur-PK');
    expect(pickLang('en')).toBe('en-US');
    expect(pickLang('fr-FR, en;q=0.5')).toBe('en-US');
    expect(pickLang('en;q=0.4, ur;q=0.9')).toBe('ur-PK');
  });
});
