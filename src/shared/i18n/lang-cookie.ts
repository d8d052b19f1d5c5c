// The app's language as a cookie, for the server only: it preloads the Urdu font with the app's pages unless
// this says English (server/plugins/font-preload.ts). Not a setting of its own: storage's `lang` stays the
// source of truth, and this follows it at start and on every change. Not HttpOnly (the page writes it), and
// it carries nothing private.
const YEAR_S = 365 * 24 * 60 * 60;

export function writeLangCookie(
  lang: string,
  doc: Pick<Document, 'cookie'> | undefined = globalThis.document,
): void {
  if (!doc || !/^[A-Za-z-]{2,10}$/.test(lang)) return;
  doc.cookie = `lang=${lang}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
}
