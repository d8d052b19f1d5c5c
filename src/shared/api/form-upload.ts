// A multipart/form-data POST (photos): XMLHttpRequest, because fetch cannot report upload progress. Same
// session headers, time-out, cancel and envelope rules as client.ts's sendEnvelope; the browser writes the
// multipart Content-Type with its boundary.
import type { ApiEnvelope } from '../../../workers/protocol/api.ts';
import { currentApiBase } from './api-base.ts';
import { ApiNetworkError } from './api-error.ts';
import { apiHeaders, REQUEST_TIMEOUT_MS, type ApiRequestOptions } from './client.ts';

export interface UploadOptions extends ApiRequestOptions {
  /** Called as the body goes out, with the fraction sent (0…1). */
  onProgress?: (fraction: number) => void;
}

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** Sends `form` to `path` and resolves with the envelope, or rejects with ApiNetworkError. */
export function sendFormEnvelope(
  path: string,
  form: FormData,
  opts: UploadOptions = {},
): Promise<ApiEnvelope<unknown>> {
  const label = `POST ${path}`;
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new ApiNetworkError('aborted', `${label}: cancelled`));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', (opts.base ?? currentApiBase()) + path.replace(/^\/+/, ''));
    for (const [name, value] of Object.entries(apiHeaders('MULTIPART'))) xhr.setRequestHeader(name, value);
    xhr.timeout = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const onCallerAbort = (): void => xhr.abort();
    opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const done = (): void => opts.signal?.removeEventListener('abort', onCallerAbort);
    if (opts.onProgress) {
      const report = opts.onProgress;
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable && e.total > 0) report(Math.min(1, e.loaded / e.total));
      });
    }
    xhr.addEventListener('load', () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (isEnvelope(body)) resolve(body);
      else if (xhr.status < 200 || xhr.status >= 300)
        reject(new ApiNetworkError('http', `${label}: HTTP ${xhr.status}`, xhr.status));
      else reject(new ApiNetworkError('parse', `${label}: the answer is not an API envelope`, xhr.status));
    });
    xhr.addEventListener('timeout', () => {
      done();
      reject(new ApiNetworkError('timeout', `${label}: no answer within the time-out`));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new ApiNetworkError('aborted', `${label}: cancelled`));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiNetworkError('network', `${label}: request failed`));
    });
    xhr.send(form);
  });
}
