// The one error the request layer rejects with: the answer never arrived or was not an API envelope.
// Business errors are not errors here — they arrive as codes in the envelope (spec §7).

export type ApiNetworkErrorKind =
  /** fetch failed: offline, DNS, CORS, connection reset */
  | 'network'
  /** no complete answer within the time-out (spec §9: 60 s) */
  | 'timeout'
  /** the caller's AbortSignal fired */
  | 'aborted'
  /** an HTTP error status without an envelope */
  | 'http'
  /** a 2xx answer whose body is not JSON `{code, msg, data}` */
  | 'parse';

export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';
  readonly kind: ApiNetworkErrorKind;
  /** The HTTP status when an answer arrived. */
  readonly status: number | undefined;

  constructor(kind: ApiNetworkErrorKind, message: string, status?: number, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.status = status;
  }
}

export function isApiNetworkError(error: unknown): error is ApiNetworkError {
  return error instanceof ApiNetworkError;
}
