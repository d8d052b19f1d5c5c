// The app's own `react-i18next` (see ./i18next.ts for why): `useTranslation(ns?)` re-renders on a language
// switch and when texts arrive, and `<Trans i18nKey components={{ name: <Link /> }} />` puts elements around
// the parts of a text marked `<name>…</name>` (or `<name/>`). A namespace asked for that is not held yet is
// loaded; its keys read as themselves until it arrives (the app's lazy screens load their texts first).
import {
  cloneElement,
  Fragment,
  useEffect,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import i18next, { type I18n, type TFunction } from './i18next.ts';
import type { TOptions } from './translate.ts';

/**
 * One t per namespace until the language changes or texts arrive, then new ones: components re-render, and
 * memos that depend on t follow.
 */
let fixed = new Map<string, TFunction>();
const subscribers = new Set<() => void>();
const renew = () => {
  fixed = new Map();
  for (const fn of [...subscribers]) fn();
};
i18next.on('languageChanged', renew);
i18next.on('added', renew);
const subscribe = (fn: () => void) => {
  subscribers.add(fn);
  return () => void subscribers.delete(fn);
};
function fixedT(ns: string | undefined): TFunction {
  let t = fixed.get(ns ?? '');
  if (!t) fixed.set(ns ?? '', (t = i18next.getFixedT(null, ns)));
  return t;
}

export function useTranslation(ns?: string): { t: TFunction; i18n: I18n; ready: boolean } {
  const read = () => fixedT(ns);
  const t = useSyncExternalStore(subscribe, read, read);
  const ready = !ns || i18next.hasResourceBundle(i18next.language, ns);
  useEffect(() => {
    if (!ready && ns) void i18next.loadNamespaces(ns).catch(() => undefined);
  }, [ready, ns]);
  return { t, i18n: i18next, ready };
}

const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;

export function Trans({
  i18nKey,
  values,
  components = {},
}: {
  i18nKey: string;
  values?: TOptions;
  components?: Record<string, ReactElement>;
}): ReactNode {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const name = m[1] ?? m[3] ?? '';
    const el = components[name];
    const inner = m[2];
    parts.push(el ? cloneElement(el, { key: parts.length }, inner ?? null) : (inner ?? ''));
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
