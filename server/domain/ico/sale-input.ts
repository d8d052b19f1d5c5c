// An operator's new token sale as text fields (the console's form) to the SaleInput of ico-operator.ts: USDT
// amounts with up to 6 decimals, tokens with up to the token's decimals, times ISO 8601 with a zone or epoch ms.
// A bad field is an IcoOperatorError ('badSale') naming it.
import { parseMinor } from '../../../contract/money.ts';
import { USDT_DECIMALS } from '../../../contract/spot-rules.ts';
import { IcoOperatorError, type SaleInput } from './ico-operator.ts';

export type SaleFields = Partial<Record<string, string>>;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})$/;

function bad(message: string): never {
  throw new IcoOperatorError('badSale', message);
}

function required(f: SaleFields, name: string): string {
  const v = f[name]?.trim() ?? '';
  if (v === '') bad(`${name} is required`);
  return v;
}

function amount(f: SaleFields, name: string, places: number): bigint {
  const v = required(f, name);
  const x = parseMinor(v, places);
  if (x === null || x <= 0n)
    bad(`${name} must be a positive amount with at most ${places} decimals, got "${v}"`);
  return x;
}

function time(f: SaleFields, name: string): number {
  const s = required(f, name);
  const ms = /^[0-9]{1,15}$/.test(s) ? Number(s) : ISO.test(s) ? Date.parse(s) : NaN;
  if (!Number.isSafeInteger(ms)) bad(`${name} must be ISO 8601 with a zone or epoch ms, got "${s}"`);
  return ms;
}

export function parseSaleFields(f: SaleFields): SaleInput {
  const d = required(f, 'decimals');
  if (!/^[0-8]$/.test(d)) bad(`decimals must be 0-8, got "${d}"`);
  const decimals = Number(d);
  return {
    token: required(f, 'token').toUpperCase(),
    nameEn: required(f, 'nameEn'),
    nameUr: required(f, 'nameUr'),
    decimals,
    price: amount(f, 'price', USDT_DECIMALS),
    offered: amount(f, 'offered', decimals),
    min: amount(f, 'min', USDT_DECIMALS),
    cap: amount(f, 'cap', USDT_DECIMALS),
    opensAt: time(f, 'opens'),
    closesAt: time(f, 'closes'),
    distributeAt: time(f, 'distribute'),
    listAt: time(f, 'list'),
    summary: f.summary?.trim() ?? '',
  };
}
