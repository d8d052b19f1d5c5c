// Number display (spec §5): truncation to N decimals, thousands separators, K…E abbreviations,
// the Million/Billion word form, PKR amounts and signed percentages. Truncates, never rounds. The digits come
// from the one money module (contract/money*.ts): exact integer work, no float and no decimal.js.
import { type Scaled, formatScaled, parseDecimal, pow10 } from '../../../contract/money.ts';
import { abbreviateText, groupThousands, moneyText, truncateText } from '../../../contract/money-text.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import { formatWords } from './words.ts';

/** What every formatter accepts. A JS number is read through its shortest string form (0.1 stays 0.1). */
export type NumInput = string | number | null | undefined;

/** The edition's currency code (spec §1). */
export const CURRENCY_CODE = 'PKR';

// What a ÷0 produced upstream: shown as it is rather than as a made-up zero.
const NOT_FINITE = new Set(['Infinity', '+Infinity', '-Infinity', 'NaN', '∞', '+∞', '-∞']);
const ZERO: Scaled = { units: 0n, scale: 0 };

/**
 * Reads a loose input exactly: surrounding spaces and thousands separators ('1,234.5', as servers sometimes
 * send) are dropped; exponent forms are expanded. A non-finite input comes back as its text; empty or
 * unparsable input as null.
 */
function readNum(value: NumInput): Scaled | string | null {
  if (value === null || value === undefined) return null;
  const s = typeof value === 'number' ? String(value) : value.trim().replace(/,/g, '');
  if (NOT_FINITE.has(s)) return s;
  return s === '' ? null : parseDecimal(s);
}

/** Empty or unparsable inputs count as 0 in display: a missing amount shows as 0.00. */
function numOrZero(value: NumInput): Scaled | string {
  return readNum(value) ?? ZERO;
}

function places(decimals: number): number {
  return Math.max(0, Math.trunc(decimals));
}

/**
 * Cuts `value` toward zero to exactly `decimals` places, padding with zeros: 1.999 → '1.99', -1.999 → '-1.99',
 * 5 → '5.00'. Empty or unparsable input counts as 0. Infinity and NaN pass through as 'Infinity'/'NaN'.
 * A value that truncates to zero never shows a minus sign (-0.001 → '0.00').
 */
export function truncate(value: NumInput, decimals: number): string {
  const d = numOrZero(value);
  return typeof d === 'string' ? d : truncateText(d.units, d.scale, places(decimals));
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
 * numbers are written in plain notation first. Non-numeric strings come back unchanged.
 */
export function withThousands(value: NumInput): string {
  if (typeof value === 'string') {
    const s = value.trim();
    return s === '' ? '0' : groupThousands(s);
  }
  const d = numOrZero(value);
  return typeof d === 'string' ? d : groupThousands(formatScaled(d));
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
  const sign = (parseDecimal(body)?.units ?? 0n) > 0n ? '+' : '';
  return `${sign}${body}%`;
}

/**
 * Abbreviates with K, M, G, T, P, E from 1e3, 1e6, 1e9, 1e12, 1e15, 1e18 (by absolute value, sign kept),
 * truncating to `decimals`: 1234567 → '1.23M', 999999 → '999.99K' (never rounds up into the next unit),
 * 1e20 → '100.00E'. Below 1e3 there is no suffix and the value is only truncated: 999.999 → '999.99'.
 */
export function abbreviate(value: NumInput, decimals = 2): string {
  const d = numOrZero(value);
  return typeof d === 'string' ? d : abbreviateText(d.units, d.scale, places(decimals));
}

/**
 * The word form: 'Million' from 1e6 and 'Billion' from 1e9 (by absolute value), localised by `lang`
 * ('1.23 Million', '1.23 ملین'); below 1e6 the value is truncated and grouped in thousands ('999,999.99').
 * The spec says the words are used "above 1e6 and 1e7"; 1e7 matches neither word (it is a crore), so we
 * take the words at their meaning — a billion is 1e9 — rather than label 1e7 a billion.
 */
export function abbreviateWords(value: NumInput, lang: Lang, decimals = 2): string {
  const d = numOrZero(value);
  if (typeof d === 'string') return d;
  const words = formatWords(lang);
  const abs = d.units < 0n ? -d.units : d.units;
  const { units, scale } = d;
  // ÷1e9 and ÷1e6 are exact as a change of scale; moneyText then truncates once and groups.
  if (abs >= pow10(scale + 9)) return `${moneyText(units, scale + 9, places(decimals))} ${words.billion}`;
  if (abs >= pow10(scale + 6)) return `${moneyText(units, scale + 6, places(decimals))} ${words.million}`;
  return formatMoney(formatScaled(d), decimals);
}
