// The one request module (spec §7/§8): form-encoded GET/POST to the API base with the session headers,
// a 60 s time-out, the optional loader, and the answer rules for codes -1000 and -1001.
import type { ApiEnvelope } from '../../../workers/protocol/api.ts';
import { CODE_BUSINESS, CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import { storage } from '../storage/storage.ts';
import { currentApiBase } from './api-base.ts';
import { ApiNetworkError } from './api-error.ts';
import { callHandler } from './api-handlers.ts';

/** Spec §9: 60 s for request, upload and download alike — one timer covers the call until the body is read. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Spec §8: the -1001 toast lasts 1 s, no icon. */
export const BUSINESS_TOAST_MS = 1000;

/** Form or query fields. undefined and null are left out (sending the text "null" is never meant). */
export type ApiParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface ApiRequestOptions {
  /** Show the app's loader during the call (hidden again in every outcome). */
  loader?: boolean;
  /** Lets the caller cancel (e.g. a screen unmounting); rejects with kind 'aborted'. */
  signal?: AbortSignal;
  /** Overrides REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Overrides the API base (tests, or a call to another mount). */
  base?: string;
}

function encode(params: ApiParams | undefined): URLSearchParams {
  const form = new URLSearchParams();
  if (!params) return form;
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** The session headers of every call; a form-encoded POST adds its Content-Type (a multipart one sets its own). */
export function apiHeaders(method: 'GET' | 'POST' | 'MULTIPART'): Record<string, string> {
  const h: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Accept-Language': storage.get('lang'),
  };
  // Public calls go without a token rather than with an empty one.
  const token = storage.get('userToken');
  if (token) h['accesstoken'] = token;
  if (method === 'POST') h['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  return h;
}

/** Sends one call and returns its envelope, or rejects with ApiNetworkError. No answer rules here. */
export async function sendEnvelope(
  method: 'GET' | 'POST',
  path: string,
  params: ApiParams | undefined,
  opts: ApiRequestOptions,
): Promise<ApiEnvelope<unknown>> {
  if (opts.signal?.aborted) throw new ApiNetworkError('aborted', `${method} ${path}: cancelled`);
  const form = encode(params);
  let url = (opts.base ?? currentApiBase()) + path.replace(/^\/+/, '');
  if (method === 'GET' && form.size > 0) url += (url.includes('?') ? '&' : '?') + form.toString();

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = (): void => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const fail = (error: unknown, stage: string): ApiNetworkError => {
    if (timedOut) return new ApiNetworkError('timeout', `${method} ${path}: no answer within the time-out`);
    if (opts.signal?.aborted) return new ApiNetworkError('aborted', `${method} ${path}: cancelled`);
    return new ApiNetworkError('network', `${method} ${path}: ${stage} failed`, undefined, error);
  };

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: apiHeaders(method),
        signal: controller.signal,
        ...(method === 'POST' ? { body: form.toString() } : { cache: 'no-store' }),
      });
    } catch (error) {
      throw fail(error, 'request');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw fail(error, 'download');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    // An envelope counts whatever the HTTP status (e.g. a 429 from the rate limiter still carries code/msg).
    if (isEnvelope(body)) return body;
    if (!response.ok) {
      throw new ApiNetworkError('http', `${method} ${path}: HTTP ${response.status}`, response.status);
    }
    throw new ApiNetworkError(
      'parse',
      `${method} ${path}: the answer is not an API envelope`,
      response.status,
    );
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  params: ApiParams | undefined,
  opts: ApiRequestOptions = {},
): Promise<ApiEnvelope<T> | undefined> {
  if (opts.loader) callHandler('showLoader');
  let envelope: ApiEnvelope<unknown>;
  try {
    envelope = await sendEnvelope(method, path, params, opts);
  } finally {
    // Before any toast or navigation below, so a shared overlay never hides the toast.
    if (opts.loader) callHandler('hideLoader');
  }
  if (envelope.code === CODE_SESSION_INVALID) {
    storage.clearSession();
    callHandler('onSessionInvalid');
    return envelope as ApiEnvelope<T>;
  }
  if (envelope.code === CODE_BUSINESS) {
    const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
    if (msg) callHandler('toast', msg, { durationMs: BUSINESS_TOAST_MS, icon: 'none' });
    return undefined;
  }
  return envelope as ApiEnvelope<T>;
}

/**
 * GET `path` (relative to the API base) with `params` in the query string.
 * Resolves with the envelope (code 0, -1000 after clearing the session, or any other code), with undefined
 * for -1001 after toasting its msg, and rejects with ApiNetworkError when no envelope arrives.
 * The `data` type T is the caller's claim; the wire types live in workers/protocol/.
 */
export function apiGet<T>(
  path: string,
  params?: ApiParams,
  opts?: ApiRequestOptions,
): Promise<ApiEnvelope<T> | undefined> {
  return request<T>('GET', path, params, opts);
}

/** POST `path` with `body` form-encoded (UTF-8). Same answer rules as apiGet. */
export function apiPost<T>(
  path: string,
  body?: ApiParams,
  opts?: ApiRequestOptions,
): Promise<ApiEnvelope<T> | undefined> {
  return request<T>('POST', path, body, opts);
}
