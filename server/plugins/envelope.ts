// Every answer is the JSON envelope {code, msg, data}; this plugin owns errors and 404s. Success answers are
// serialised by Fastify from the route's response schema (contract/*.ts: fields the contract does not name are
// not sent); error answers (data null) are written here with JSON.stringify, outside that schema.
//
// HTTP status policy (the client reads `code`, not the status):
// - 200 for everything a route answers: success (0), session invalid (-1000), business and schema
//   validation errors (-1001), per-phone/per-IP login and code limits, and unexpected failures
//   ("service busy", logged). No input ever yields a 5xx or an HTML error page.
// - Transport-level refusals keep a meaningful status, still with a -1001 envelope: 404 unknown /api path,
//   413 body too large, 415 body not form-encoded, 400 unreadable request, 429 the per-IP flood guard;
//   and, from Node's parser before Fastify sees a request (clientError below), 431 head too large, 408 timeout
//   and 400 unreadable. Every /api/ answer carries Cache-Control: no-store (security-headers.ts).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '../../contract/envelope.ts';
import { CODE_BUSINESS, CODE_OK, type ApiEnvelope } from '../../workers/protocol/api.ts';
import { AppError } from '../errors.ts';
import fp from 'fastify-plugin';
import { pickLang, translator } from '../i18n/translator.ts';
import { validationFailure } from '../i18n/validation-message.ts';

/** The success envelope; `msg` is empty on success. */
export function ok<T>(data: T): ApiEnvelope<T> {
  return { code: CODE_OK, msg: '', data };
}

/**
 * An error answer: its own serializer, so a route's success schema never reshapes (or refuses) data null.
 * `field` names the request field a -1001 is about (contract/envelope.ts ErrorEnvelope).
 */
function fail(reply: FastifyReply, status: number, code: number, msg: string, field?: string) {
  const body: ErrorEnvelope = { code: code as ErrorEnvelope['code'], msg, data: null };
  if (field !== undefined) body.field = field;
  return reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

const TRANSPORT_ERRORS: Readonly<Record<string, [number, string]>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request.tooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'request.mediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'request.bad'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request.bad'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request.bad'],
};

export const envelopePlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return fail(reply, error.httpStatus, error.code, request.t(error.key, error.params), error.field);
      }
      if (error.validation) {
        const { msg, field } = validationFailure(app.translator, request.lang, error.validation);
        return fail(reply, 200, CODE_BUSINESS, msg, field);
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
  },
  { name: 'envelope', dependencies: ['translator'] },
);

/** The essential security headers for answers written before any hook could run. */
const BARE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/**
 * Fastify's own refusals before routing (a malformed URL, a bad Content-Type header): no hooks ran, so the
 * language is picked here and the essential security headers are set by hand.
 */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers['accept-language'];
  const msg = translator.t(pickLang(typeof header === 'string' ? header : undefined), 'request.bad');
  reply.headers(BARE_SECURITY_HEADERS);
  return fail(reply, 400, CODE_BUSINESS, msg);
}

/** Node's parser errors that mean "the request head is too large" (a long URL counts towards it). */
const HEAD_TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW', 'HPE_URI_TOO_LONG']);

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL too large, a bad
 * Content-Length, garbage): answered on the raw socket with the envelope and the security headers, in the
 * language of whatever Accept-Language header could be read, then the connection is closed.
 */
export function clientError(
  err: Error & { code?: string | undefined; rawPacket?: unknown },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = HEAD_TOO_LARGE.has(err.code ?? '')
    ? 431
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : 400;
  const key = status === 431 ? 'request.headTooLarge' : status === 408 ? 'request.timeout' : 'request.bad';
  const head = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.subarray(0, 16 * 1024).toString('latin1') : '';
  const lang = pickLang(/\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(head)?.[1]);
  const body = JSON.stringify({ code: CODE_BUSINESS, msg: translator.t(lang, key), data: null });
  const headers = {
    ...BARE_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
}

/** Answers an unknown path with the JSON envelope and HTTP 404. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  return fail(reply, 404, CODE_BUSINESS, request.t('common.notFound'));
}
