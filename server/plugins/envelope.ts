// Every answer is the JSON envelope {code, msg, data}; this plugin owns errors, 404s and serialisation.
//
// HTTP status policy (the client reads `code`, not the status):
// - 200 for everything a route answers: success (0), session invalid (-1000), business and schema
//   validation errors (-1001), per-phone/per-IP login and code limits, and unexpected failures
//   ("service busy", logged). No input ever yields a 5xx or an HTML error page.
// - Transport-level refusals keep a meaningful status, still with a -1001 envelope: 404 unknown /api path,
//   413 body too large, 415 body not form-encoded, 400 unreadable request, 429 the per-IP flood guard.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_BUSINESS, CODE_OK, type ApiEnvelope } from '../../workers/protocol/api.ts';
import { AppError } from '../errors.ts';
import { pickLang, translate } from '../i18n/translate.ts';
import { validationMessage } from '../i18n/validation-message.ts';
import { globalPlugin } from './global-plugin.ts';

/** The success envelope; `msg` is empty on success. */
export function ok<T>(data: T): ApiEnvelope<T> {
  return { code: CODE_OK, msg: '', data };
}

function fail(reply: FastifyReply, status: number, code: number, msg: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ code, msg, data: null });
}

const TRANSPORT_ERRORS: Readonly<Record<string, [number, string]>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request.tooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'request.mediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'request.bad'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request.bad'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request.bad'],
};

export const envelopePlugin = globalPlugin('envelope', async (app) => {
  // Response schemas document the wire format in OpenAPI; answers are plain JSON.stringify so an error
  // envelope (data: null) is never reshaped by a success schema.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return fail(reply, error.httpStatus, error.code, request.t(error.key, error.params));
    }
    if (error.validation) {
      return fail(reply, 200, CODE_BUSINESS, validationMessage(request.lang, error.validation));
    }
    const transport = error.code ? TRANSPORT_ERRORS[error.code] : undefined;
    if (transport) return fail(reply, transport[0], CODE_BUSINESS, request.t(transport[1]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return fail(reply, error.statusCode, CODE_BUSINESS, request.t('request.bad'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return fail(reply, 200, CODE_BUSINESS, request.t('common.busy'));
  });
});

/**
 * Fastify's own refusals before routing (a malformed URL, a bad Content-Type header): no hooks ran, so the
 * language is picked here and the essential security headers are set by hand.
 */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers['accept-language'];
  const msg = translate(pickLang(typeof header === 'string' ? header : undefined), 'request.bad');
  reply
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('x-frame-options', 'DENY');
  return fail(reply, 400, CODE_BUSINESS, msg);
}

/** Answers an unknown path with the JSON envelope and HTTP 404. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  return fail(reply, 404, CODE_BUSINESS, request.t('common.notFound'));
}
