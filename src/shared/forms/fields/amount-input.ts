// Amount input rules, pure: what an amount field keeps of a keystroke or a paste, and the exact minor units of
// a finished amount (contract/money.ts: strings and bigints, never floats).
import { formatMinor, parseDecimal, parseMinor, rescale } from '../../../../contract/money.ts';

// Urdu (Extended Arabic-Indic) and Arabic-Indic digits, and the Arabic decimal separator, as typed on phones.
const DIGIT_FORMS = /[\u06F0-\u06F9\u0660-\u0669]/g;
const toAsciiDigit = (d: string) => String((d.charCodeAt(0) - 0x0660) % 0x90);

/**
 * The amount `typed` becomes at `decimals` places, or null to refuse the keystroke (keep the previous value):
 * digits and one dot only, no more decimals than the asset has, no leading zeros ("007" → "7", "0.5" stays).
 */
export function cleanAmountInput(typed: string, decimals: number): string | null {
  const text = typed
    .replace(/\s/g, '')
    .replace(DIGIT_FORMS, toAsciiDigit)
    .replace(/\u066B/g, '.');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const whole = (m[1] ?? '').replace(/^0+(?=\d)/, '');
  const frac = m[2];
  if (frac === undefined) return whole;
  if (decimals === 0 || frac.length > decimals) return null;
  return `${whole === '' ? '0' : whole}.${frac}`;
}

/** A finished amount as minor units at `decimals` (parseMinor: null for anything not a plain amount). */
export function amountMinor(text: string, decimals: number): bigint | null {
  return parseMinor(text, decimals);
}

/** A decimal string (a maximum from the server) cut to `decimals` places toward zero, as the field's text. */
export function truncateAmount(text: string, decimals: number): string | null {
  const x = parseDecimal(text);
  if (!x || x.units < 0n) return null;
  return formatMinor(rescale(x.units, x.scale, decimals, 'trunc'), decimals);
}
