// Preloads the Urdu Nastaliq font with the app's pages, only for readers of Urdu (issue 14 §3). The page cannot
// say so itself without an inline script (the CSP allows none), so the server adds a `Link: rel=preload` header
// to the app's HTML unless the `lang` cookie says English. The app writes that cookie whenever its language is
// set (src/shared/i18n/lang-cookie.ts); without it the default language, Urdu, is assumed. Only the regular
// weight is preloaded: most Urdu text is regular, and a preload competes with the first screen's scripts.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { isConsolePath } from './security-headers.ts';

/** The built regular-weight Nastaliq file under `root`/assets, as a URL path, if there is one. */
export function findNastaliqRegular(root: string): string | null {
  const dir = path.join(root, 'assets');
  if (!fs.existsSync(dir)) return null;
  const file = fs
    .readdirSync(dir)
    .find((f) => /^noto-nastaliq-urdu-arabic-400-normal-[\w-]+\.woff2$/.test(f));
  return file ? `/assets/${file}` : null;
}

/** The language the `lang` cookie names, if any. */
export function cookieLang(cookie: string | undefined): string | null {
  const m = /(?:^|;\s*)lang=([A-Za-z-]{2,10})(?:;|$)/.exec(cookie ?? '');
  return m?.[1] ?? null;
}

function appendVary(current: unknown, field: string): string {
  const list = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.some((v) => v.toLowerCase() === field.toLowerCase())
    ? list.join(', ')
    : [...list, field].join(', ');
}

export const fontPreloadPlugin = fp(
  async (app) => {
    if (!app.config.serveStatic) return;
    const href = findNastaliqRegular(app.config.staticDir);
    if (!href) return;
    const link = `<${href}>; rel=preload; as=font; type="font/woff2"; crossorigin`;
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.startsWith('text/html') || isConsolePath(request.url)) return payload;
      // A page cached under one language must not answer the other (its stored Link header would be reused).
      reply.header('vary', appendVary(reply.getHeader('vary'), 'Cookie'));
      if (cookieLang(request.headers.cookie) === 'en-US') return payload;
      reply.header('link', link);
      return payload;
    });
  },
  { name: 'font-preload', dependencies: ['config'] },
);
