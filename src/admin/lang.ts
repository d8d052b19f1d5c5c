// The console's language: Urdu by default, English on the switch; kept in localStorage, mirrored on <html>.
import { createContext, useContext } from 'react';
import { text, type Lang, type TextKey } from './texts.ts';

export const LangContext = createContext<Lang>('ur-PK');

/** `t(key)`: the text in the console's language. */
export function useT(): (key: TextKey | string) => string {
  const lang = useContext(LangContext);
  return (key) => text(lang, key);
}

export function initialLang(): Lang {
  try {
    return localStorage.getItem('console.lang') === 'en-US' ? 'en-US' : 'ur-PK';
  } catch {
    return 'ur-PK';
  }
}

export function applyLang(lang: Lang): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ur-PK' ? 'rtl' : 'ltr';
  try {
    localStorage.setItem('console.lang', lang);
  } catch {
    // private mode: the switch still works for this visit
  }
}
