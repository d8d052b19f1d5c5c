// The data door of the request layer for queries and mutations: same wire rules as client.ts, but it resolves
// with `data` only and throws SessionError / BusinessError / ResultError / NetworkError. It has no side
// effects: the toast and the session reset happen once, in reportApiError, called by the QueryClient.
import type { ApiEnvelope } from '../../../workers/protocol/api.ts';
import { CODE_BUSINESS, CODE_OK, CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import { storage } from '../storage/storage.ts';
import { callHandler } from './api-handlers.ts';
import { BusinessError, ResultError, SessionError } from './api-errors.ts';
import { sendEnvelope, type ApiParams, type ApiRequestOptions } from './client.ts';
import type { UploadOptions } from './form-upload.ts';

function unwrap<T>(path: string, envelope: ApiEnvelope<unknown>, token: string): T {
  if (envelope.code === CODE_OK) return envelope.data as T;
  const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
  if (envelope.code === CODE_SESSION_INVALID) throw new SessionError(path, token);
  if (envelope.code === CODE_BUSINESS) {
    const field: unknown = (envelope as { field?: unknown }).field;
    throw new BusinessError(path, msg, typeof field === 'string' && field !== '' ? field : undefined);
  }
  throw new ResultError(path, envelope.code, msg);
}

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  params: ApiParams | undefined,
  opts: ApiRequestOptions,
): Promise<T> {
  // Read before sending: the answer belongs to the session that asked, even if the user switched meanwhile.
  const token = storage.get('userToken');
  if (opts.loader) callHandler('showLoader');
  let envelope: ApiEnvelope<unknown>;
  try {
    envelope = await sendEnvelope(method, path, params, opts);
  } finally {
    if (opts.loader) callHandler('hideLoader');
  }
  return unwrap<T>(path, envelope, token);
}

/** GET `path`; resolves with `data` (T is the caller's claim, typed by workers/protocol/). */
export function getData<T>(path: string, params?: ApiParams, opts: ApiRequestOptions = {}): Promise<T> {
  return call<T>('GET', path, params, opts);
}

/** POST `path` form-encoded; resolves with `data`. */
export function postData<T>(path: string, body?: ApiParams, opts: ApiRequestOptions = {}): Promise<T> {
  return call<T>('POST', path, body, opts);
}

/** POST `path` as multipart/form-data (files), with upload progress; resolves with `data` like postData. */
export async function postForm<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  const token = storage.get('userToken');
  if (opts.loader) callHandler('showLoader');
  let envelope: ApiEnvelope<unknown>;
  try {
    // Uploads (KYC, deposit proofs) are never on a first screen: their XHR code comes with the first one.
    const { sendFormEnvelope } = await import('./form-upload.ts');
    envelope = await sendFormEnvelope(path, form, opts);
  } finally {
    if (opts.loader) callHandler('hideLoader');
  }
  return unwrap<T>(path, envelope, token);
}
