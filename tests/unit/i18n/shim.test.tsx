// @vitest-environment jsdom
// The app's own i18next and react-i18next (src/shared/i18n/shim/): lookups with namespaces and nested keys,
// interpolation as i18next does it, plurals by the language's rules, missing keys, on-demand namespaces through
// the backend (a failed load changes nothing), the language switch re-rendering useTranslation, <Trans>'s
// components; and the locale files use nothing the shim leaves out.
import { act, render, screen, waitFor } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInstance } from '../../../src/shared/i18n/shim/i18next.ts';
import i18next from 'i18next';
import { Trans, useTranslation } from 'react-i18next';

const en = {
  common: {
    hello: 'Hello {{name}}',
    raw: 'Raw {{- html}}',
    nested: { deep: 'Deep {{user.name}}' },
    item_one: '{{count}} item',
    item_other: '{{count}} items',
    item_zero: 'No items',
    obj: { a: 'x' },
  },
  info: { title: 'Info' },
};

function instance() {
  const i = createInstance();
  const reads: string[] = [];
  i.use({
    read: (lng, ns) => {
      reads.push(`${lng}:${ns}`);
      if (lng === 'xx') return Promise.reject(new Error('offline'));
      return Promise.resolve(lng === 'ur-PK' ? { hello: `ur ${ns} {{name}}` } : {});
    },
  });
  return { i, reads };
}

describe('the i18next shim', () => {
  it('looks keys up by namespace and path and fills in values as i18next does', async () => {
    const { i } = instance();
    await i.init({ lng: 'en-US', resources: { 'en-US': en }, ns: ['common', 'info'], defaultNS: 'common' });
    expect(i.t('hello', { name: 'Ali' })).toBe('Hello Ali');
    expect(i.t('common:hello', { name: 'Ali' })).toBe('Hello Ali');
    expect(i.t('raw', { html: '<b>' })).toBe('Raw <b>');
    expect(i.t('nested.deep', { user: { name: 'Sana' } })).toBe('Deep Sana');
    expect(i.t('info:title')).toBe('Info');
    // A value passed as undefined or null is empty; one not passed stays as written.
    expect(i.t('hello', { name: undefined })).toBe('Hello ');
    expect(i.t('hello', { name: null })).toBe('Hello ');
    expect(i.t('hello')).toBe('Hello {{name}}');
    // Missing keys and objects read as the key without its namespace; a default value wins over that.
    expect(i.t('info:nothing')).toBe('nothing');
    expect(i.t('obj')).toBe('obj');
    expect(i.t('nope', 'Fallback')).toBe('Fallback');
    expect(i.t('nope', { defaultValue: 'Hi {{x}}', x: 1 })).toBe('Hi 1');
    expect(i.exists('common:hello')).toBe(true);
    expect(i.exists('common:nope')).toBe(false);
  });

  it('picks the plural form by the language’s rules, zero first', async () => {
    const { i } = instance();
    await i.init({ lng: 'en-US', resources: { 'en-US': en }, ns: ['common'] });
    expect(i.t('item', { count: 0 })).toBe('No items');
    expect(i.t('item', { count: 1 })).toBe('1 item');
    expect(i.t('item', { count: 5 })).toBe('5 items');
    expect(i.t('hello', { count: 2, name: 'x' })).toBe('Hello x');
  });

  it('loads every namespace in use for a new language before switching; a failure changes nothing', async () => {
    const { i, reads } = instance();
    await i.init({
      lng: 'en-US',
      resources: { 'en-US': en },
      ns: ['common', 'info'],
      rtlLanguages: ['ur-PK'],
    });
    const seen: string[] = [];
    i.on('languageChanged', (l) => seen.push(l));
    await expect(i.changeLanguage('xx')).rejects.toThrow('offline');
    expect(i.language).toBe('en-US');
    expect(i.hasResourceBundle('xx', 'common')).toBe(false);
    await i.changeLanguage('ur-PK');
    expect(reads).toEqual(expect.arrayContaining(['ur-PK:common', 'ur-PK:info']));
    expect(i.language).toBe('ur-PK');
    expect(seen).toEqual(['ur-PK']);
    expect(i.t('hello', { name: 'A' })).toBe('ur common A');
    expect(i.dir()).toBe('rtl');
    expect(i.dir('en-US')).toBe('ltr');
    await i.loadNamespaces('vote');
    expect(i.t('vote:hello', { name: 'B' })).toBe('ur vote B');
  });
});

describe('the react-i18next shim', () => {
  it('re-renders useTranslation on a language switch and when a namespace arrives', async () => {
    await i18next.init({
      lng: 'en-US',
      resources: { 'en-US': en, 'ur-PK': { common: { hello: 'سلام {{name}}' } } },
    });
    function Hello() {
      const { t, i18n } = useTranslation();
      return (
        <p>
          {t('hello', { name: 'Ali' })} {i18n.language}
        </p>
      );
    }
    render(<Hello />);
    expect(screen.getByText('Hello Ali en-US')).toBeTruthy();
    await act(() => i18next.changeLanguage('ur-PK'));
    await waitFor(() => expect(screen.getByText('سلام Ali ur-PK')).toBeTruthy());
    await act(() => i18next.changeLanguage('en-US'));
    await waitFor(() => expect(screen.getByText('Hello Ali en-US')).toBeTruthy());
  });

  it('puts the given elements around the marked parts of a text', async () => {
    await i18next.init({
      lng: 'en-US',
      resources: {
        'en-US': { common: { agree: 'I accept the <terms>terms</terms> and <policy>policy</policy>.' } },
      },
    });
    const { container } = render(
      <Trans i18nKey="common:agree" components={{ terms: <a href="/t" />, policy: <a href="/p" /> }} />,
    );
    expect(container.innerHTML).toBe('I accept the <a href="/t">terms</a> and <a href="/p">policy</a>.');
  });
});

describe('the locale files', () => {
  it('use only what the shim supports: no $t() nesting, formats or context', () => {
    const root = join(import.meta.dirname, '../../../locales');
    const bad: string[] = [];
    for (const lang of readdirSync(root))
      for (const file of readdirSync(join(root, lang))) {
        const text = readFileSync(join(root, lang, file), 'utf8');
        for (const m of text.matchAll(/\$t\(|\{\{[^}]*,[^}]*\}\}|"[^"]+_(male|female)"/g))
          bad.push(`${lang}/${file}: ${m[0]}`);
      }
    expect(bad).toEqual([]);
  });
});
