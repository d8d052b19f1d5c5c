// Chooses each request's language from Accept-Language and gives handlers `request.t(key, params)`.
import { DEFAULT_LANG, type Lang } from '../../workers/protocol/api.ts';
import type { MessageParams } from '../errors.ts';
import { pickLang, translate } from '../i18n/translate.ts';
import { globalPlugin } from './global-plugin.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    t(key: string, params?: MessageParams): string;
  }
}

export const i18nPlugin = globalPlugin('i18n', async (app) => {
  app.decorateRequest('lang', DEFAULT_LANG);
  app.decorateRequest('t', function (this: { lang: Lang }, key: string, params?: MessageParams) {
    return translate(this.lang, key, params);
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers['accept-language'];
    request.lang = pickLang(typeof header === 'string' ? header : undefined);
  });
});
