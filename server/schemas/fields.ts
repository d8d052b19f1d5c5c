// JSON-schema building blocks for request fields. Form and query values are strings: numbers travel as plain
// decimal strings matched by pattern (so 1e309, 0x10, Infinity, +1, " 1" are refused), every field has
// length bounds, and unknown fields are stripped (additionalProperties: false with ajv removeAdditional).
import { PK_MOBILE_PATTERN } from '../domain/auth/phone.ts';

export interface StringSchema {
  type: 'string';
  minLength?: number;
  maxLength: number;
  pattern?: string;
  enum?: string[];
  default?: string;
  description?: string;
}

export const text = (
  minLength: number,
  maxLength: number,
  extra: Partial<StringSchema> = {},
): StringSchema => ({
  type: 'string',
  minLength,
  maxLength,
  ...extra,
});

/**
 * A non-negative decimal number as a plain string: digits, optional fraction; no sign, exponent, hex,
 * spaces or leading zeros. `maxScale` 0 means a whole number.
 */
export function decimalString(opts: { maxIntDigits?: number; maxScale?: number; description?: string } = {}) {
  const intDigits = opts.maxIntDigits ?? 15;
  const scale = opts.maxScale ?? 8;
  const frac = scale > 0 ? `(?:\\.[0-9]{1,${scale}})?` : '';
  return text(1, intDigits + scale + 1, {
    pattern: `^(?:0|[1-9][0-9]{0,${intDigits - 1}})${frac}$`,
    ...(opts.description ? { description: opts.description } : {}),
  });
}

/** A positive whole-number id as a string (1 … 10^16 − 1). */
export const idString = text(1, 16, { pattern: '^[1-9][0-9]{0,15}$' });

export const areaCodeField = text(1, 4, {
  enum: ['+92'],
  default: '+92',
  description: "Area code; only '+92' (Pakistan). Defaults to '+92'.",
});
export const phoneField = text(1, 16, {
  pattern: PK_MOBILE_PATTERN,
  description: 'Pakistani mobile number: 3XXXXXXXXX, 03XXXXXXXXX or +923XXXXXXXXX (stored as +923XXXXXXXXX).',
});
export const passwordField = text(6, 20, { description: 'Login password, 6–20 characters.' });

/** An object schema for a form body or query string. */
export function fields(properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}
