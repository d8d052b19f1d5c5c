// The three ways a data call fails (spec §7), as error classes a query can hold and a handler can tell apart:
// the session is gone (-1000), the server refused with a message (-1001), or no answer arrived.
import { ApiNetworkError, type ApiNetworkErrorKind } from './api-error.ts';

/** Code -1000. `token` is the token the call went with: only a failure of the current session clears it. */
export class SessionError extends Error {
  override readonly name = 'SessionError';
  readonly token: string;
  constructor(path: string, token: string) {
    super(`${path}: session invalid`);
    this.token = token;
  }
}

/**
 * Code -1001: `msg` is the server's localised text, toasted once by the global handler. `field` is the request
 * field the refusal is about when the server names one (a form shows `msg` there instead).
 */
export class BusinessError extends Error {
  override readonly name = 'BusinessError';
  readonly msg: string;
  readonly field: string | undefined;
  constructor(path: string, msg: string, field?: string) {
    super(`${path}: ${msg || 'refused'}`);
    this.msg = msg;
    this.field = field;
  }
}

/**
 * Any other non-zero code: the answer arrived but is not a result. Kept apart from BusinessError because the
 * spec gives these bodies to the caller, which may show the msg where the user is looking.
 */
export class ResultError extends Error {
  override readonly name = 'ResultError';
  readonly code: number;
  readonly msg: string;
  constructor(path: string, code: number, msg: string) {
    super(`${path}: code ${code}`);
    this.code = code;
    this.msg = msg;
  }
}

/** No envelope arrived: offline, time-out, HTTP error without a body, or a body that is not an envelope. */
export { ApiNetworkError as NetworkError, type ApiNetworkErrorKind };

/** Worth another try: the network may come back; a refusal or a cancelled call will not change. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiNetworkError && error.kind !== 'aborted' && error.kind !== 'parse';
}
