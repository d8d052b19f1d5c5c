// The one translator (i18n/translator.ts) as `app.translator`, and per request the language chosen from
// Accept-Language (`request.lang`) with `request.t(key, params)` in it. Sockets and background work that
// outlive a request translate with `app.translator.t(lang, key, params)`.
import fp from 'fastify-plugin';
import { DEFAULT_LANG, type Lang } from '../../workers/protocol/api.ts';
import type { MessageParams } from '../errors.ts';
import { pickLang, translator, type Translator } from '../i18n/translator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    translator: Translator;
  }
  interface FastifyRequest {
    lang: Lang;
    t(key: string, params?: MessageParams): string;
  }
}

export const translatorPlugin = fp(
  async (app) => {
    app.decorate('translator', translator);
    app.decorateRequest('lang', DEFAULT_LANG);
    app.decorateRequest('t', function (this: { lang: Lang }, key: string, params?: MessageParams) {
      return translator.t(this.lang, key, params);
    });
    app.addHook('onRequest', async (request) => {
      const header = request.headers['accept-language'];
      request.lang = pickLang(typeof header === 'string' ? header : undefined);
    });
  },
  { name: 'translator' },
);
