// Builders of request fields (form bodies and query strings). Form and query values are strings on the wire and
// the server's Ajv runs with coerceTypes: false, so every field is a string schema: numbers travel as plain
// decimal strings matched by pattern (1e309, 0x10, Infinity, +1, " 1" are refused), every field has length
// bounds, and unknown fields are stripped (additionalProperties: false with Ajv's removeAdditional).
// The keywords are exactly the ones server/i18n/validation-message.ts turns into messages (minLength 1 →
// "empty", maxLength → "at most N characters", enum → "invalid value", pattern → "invalid format").
import { Type, type TEnum, type TObject, type TProperties, type TString } from 'typebox';
import { CNIC_PATTERN } from './cnic.ts';
import { PK_IBAN_LENGTH, PK_IBAN_PATTERN } from './iban.ts';

export interface TextOptions {
  pattern?: string;
  default?: string;
  description?: string;
}

/** A string of `minLength`…`maxLength` characters. */
export const text = (minLength: number, maxLength: number, extra: TextOptions = {}): TString =>
  Type.String({ minLength, maxLength, ...extra });

/** One of `values` (the type is their union), length-bounded like any other field so a long value is "too long". */
export function oneOf<const V extends string[]>(
  values: readonly [...V],
  minLength: number,
  maxLength: number,
  extra: TextOptions = {},
): TEnum<V> {
  return Type.Enum(values, { type: 'string', minLength, maxLength, ...extra });
}

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

/** A regular expression matching exactly the decimal strings 1…max (no sign, no leading zero). */
export function upToPattern(max: number): string {
  const n = String(max);
  const k = n.length;
  const alts: string[] = [];
  if (k > 1) alts.push(`[1-9][0-9]{0,${k - 2}}`);
  for (let i = 0; i < k; i++) {
    const d = Number(n[i]);
    const lo = i === 0 ? 1 : 0;
    if (d - 1 >= lo)
      alts.push(`${n.slice(0, i)}[${lo}-${d - 1}]${k - i - 1 > 0 ? `[0-9]{${k - i - 1}}` : ''}`);
  }
  alts.push(n);
  return `^(?:${alts.join('|')})$`;
}

/** A whole number 1…max as a string. */
export function countField(max: number, description: string) {
  return text(1, String(max).length, { pattern: upToPattern(max), description: `${description} (1–${max})` });
}

/** Epoch milliseconds as a string. */
export const msField = (description: string) =>
  text(1, 15, { pattern: '^(?:0|[1-9][0-9]{0,14})$', description });

/** Accepted input forms of a Pakistani mobile: 3XXXXXXXXX, 03XXXXXXXXX or +923XXXXXXXXX. */
export const PK_MOBILE_PATTERN = '^(?:\\+92|0)?3[0-9]{9}$';

/**
 * The patterns that have a message of their own (`validation.pattern.<name>` in locales/<lang>/errors.json):
 * a value failing one of them is told what the field wants ("exactly 6 digits") instead of "invalid format".
 */
export const NAMED_PATTERNS = {
  pkMobile: PK_MOBILE_PATTERN,
  sixDigits: '^[0-9]{6}$',
  pkIban: PK_IBAN_PATTERN,
  cnic: CNIC_PATTERN,
} as const;
export type PatternName = keyof typeof NAMED_PATTERNS;

/** The name of a pattern listed in NAMED_PATTERNS, or undefined. */
export function patternName(pattern: string): PatternName | undefined {
  return (Object.keys(NAMED_PATTERNS) as PatternName[]).find((k) => NAMED_PATTERNS[k] === pattern);
}

/**
 * Area code: only '+92' is accepted (the enum), but typed `string` because the app carries the code the user
 * picked as a string (its picker may list more countries later; the server refuses any other with a message).
 */
export const areaCodeField = Type.Unsafe<string>(
  oneOf(['+92'], 1, 4, {
    default: '+92',
    description: "Area code; only '+92' (Pakistan). Defaults to '+92'.",
  }),
);
export const phoneField = text(1, 16, {
  pattern: PK_MOBILE_PATTERN,
  description: 'Pakistani mobile number: 3XXXXXXXXX, 03XXXXXXXXX or +923XXXXXXXXX (stored as +923XXXXXXXXX).',
});
export const passwordField = text(6, 20, { description: 'Login password, 6–20 characters.' });
/** Exactly six digits: the SMS code and the transaction and withdrawal passwords (spec §5). */
export const sixDigitsField = (description: string) =>
  text(1, 6, { pattern: NAMED_PATTERNS.sixDigits, description });
/** A Pakistani IBAN in its compact form (the mod-97 check and the bank code are contract/iban.ts's rules). */
export const pkIbanField = text(1, PK_IBAN_LENGTH, {
  pattern: PK_IBAN_PATTERN,
  description: 'Pakistani IBAN, compact: PK + 2 check digits + 4-letter bank code + 16 digits.',
});
/** A CNIC written XXXXX-XXXXXXX-X (format only: it has no public check digit). */
export const cnicField = text(1, 15, { pattern: CNIC_PATTERN, description: 'CNIC, XXXXX-XXXXXXX-X.' });

/**
 * An object schema for a form body or query string: unknown keys are stripped, the fields not wrapped in
 * Type.Optional are required (in the order they are listed, which is the order "required" errors name them).
 */
export function fields<P extends TProperties>(properties: P): TObject<P> {
  return Type.Object(properties, { additionalProperties: false });
}

/** A body or query string without fields (anything sent is stripped). */
export const noFields = Type.Object({}, { additionalProperties: false });

/** An optional field (absent from the form); `Type.Optional` under a shorter name for dense field lists. */
export const opt = Type.Optional;

/**
 * The input type of a form whose numeric fields are strings on the wire: the client may pass a number where the
 * schema takes a free-form string (its form encoder writes the decimal), never where it takes an enum.
 */
export type FormInput<T> = {
  [K in keyof T]: NonNullable<T[K]> extends string
    ? string extends NonNullable<T[K]>
      ? T[K] | number
      : T[K]
    : T[K];
};
