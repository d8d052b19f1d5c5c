// The one error type routes throw: a message key (locales/*/errors.json) plus the envelope code it answers with.
import { CODE_BUSINESS } from '../workers/protocol/api.ts';

export type MessageParams = Readonly<Record<string, string | number>>;

export class AppError extends Error {
  constructor(
    /** Key in locales/<lang>/errors.json, e.g. 'auth.captcha'. */
    readonly key: string,
    readonly params: MessageParams = {},
    readonly code: number = CODE_BUSINESS,
    /** HTTP status; 200 for business answers (see plugins/envelope.ts for the policy). */
    readonly httpStatus: number = 200,
    /** The request field the refusal is about (sent as the envelope's `field`: the form shows it there). */
    readonly field?: string,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** A business refusal (-1001) of one request field: `field` is its wire name, e.g. 'code' or 'password2'. */
export function fieldError(field: string, key: string, params: MessageParams = {}): AppError {
  return new AppError(key, params, CODE_BUSINESS, 200, field);
}
