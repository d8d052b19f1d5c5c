// Looking a key up in a language's texts and filling in its values, the way i18next does it for the features
// this app's locale files use (held so by tests/unit/i18n/shim.test.ts):
//   - `ns:a.b.c` (namespace before the colon, else the caller's), dots walking nested objects;
//   - `{{name}}` and `{{- name}}` (nothing is escaped: React escapes), `{{a.b}}` reading nested values; a value
//     passed as undefined or null becomes '', a name not passed at all stays as written;
//   - plurals with `count`: `key_zero` for 0, then `key_<Intl.PluralRules category>`, then `key`;
//   - a missing key (or one naming an object) returns the key without its namespace, as i18next does.
// Not supported (no locale uses them; the test fails if one starts to): `$t()` nesting, `{{x, format}}`, context.

export type Texts = Record<string, unknown>;
export type TOptions = Record<string, unknown>;

const plurals = new Map<string, Intl.PluralRules>();
function pluralCategory(lang: string, count: number): string {
  let rules = plurals.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    plurals.set(lang, rules);
  }
  return rules.select(count);
}

function walk(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const VARIABLE = /\{\{(.+?)\}\}/g;

export function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(VARIABLE, (match, inner: string) => {
    const name = inner.trim().replace(/^-\s*/, '');
    const value = Object.hasOwn(values, name) ? values[name] : walk(values, name);
    // Not passed at all: left as written. Passed as undefined or null: nothing.
    if (value === undefined && !Object.hasOwn(values, name)) return match;
    return value === undefined || value === null ? '' : String(value);
  });
}

/** Splits `ns:key` into its namespace (or the default one) and the key. */
export function splitKey(key: string, defaultNs: string): [ns: string, path: string] {
  const at = key.indexOf(':');
  return at > 0 ? [key.slice(0, at), key.slice(at + 1)] : [defaultNs, key];
}

/** The string at `path` in a namespace's texts, its plural form first when a count is given. */
export function lookup(
  texts: Texts | undefined,
  path: string,
  lang: string,
  count: unknown,
): string | undefined {
  if (!texts) return undefined;
  if (typeof count === 'number') {
    const forms = count === 0 ? ['zero', pluralCategory(lang, count)] : [pluralCategory(lang, count)];
    for (const form of forms) {
      const v = walk(texts, `${path}_${form}`);
      if (typeof v === 'string') return v;
    }
  }
  const v = walk(texts, path);
  return typeof v === 'string' ? v : undefined;
}
