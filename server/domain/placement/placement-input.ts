// An operator's new placement as text fields (the console's form, `backoffice placement create`) to the checked
// PlacementInput of placement-operator.ts. The symbol must be a listed PSX stock of the simulated market (the
// company name is taken from it); prices are PKR with up to 2 decimals; times ISO 8601 with a zone or epoch ms.
// A bad field is a PlacementOperatorError ('badPlacement') naming it.
import { parseMinor } from '../../../contract/money.ts';
import type { PlacementEligibility } from '../../db/schema-placement.ts';
import { PlacementOperatorError, type PlacementInput } from './placement-operator.ts';

export type PlacementFields = Partial<Record<string, string>>;
export const PLACEMENT_LOT = 500;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})$/;

function bad(message: string): never {
  throw new PlacementOperatorError('badPlacement', message);
}

function required(f: PlacementFields, name: string): string {
  const v = f[name]?.trim() ?? '';
  if (v === '') bad(`${name} is required`);
  return v;
}

function count(f: PlacementFields, name: string, fallback?: number): number {
  const v = f[name]?.trim() ?? '';
  if (v === '' && fallback !== undefined) return fallback;
  const s = required(f, name);
  if (!/^[0-9]{1,13}$/.test(s)) bad(`${name} must be a whole number, got "${s}"`);
  return Number(s);
}

function time(f: PlacementFields, name: string): number {
  const s = required(f, name);
  const ms = /^[0-9]{1,15}$/.test(s) ? Number(s) : ISO.test(s) ? Date.parse(s) : NaN;
  if (!Number.isSafeInteger(ms)) bad(`${name} must be ISO 8601 with a zone or epoch ms, got "${s}"`);
  return ms;
}

/** `stockName` answers a listed PSX stock's company name, or undefined when the symbol is not one. */
export function parsePlacementFields(
  f: PlacementFields,
  stockName: (symbol: string) => string | undefined,
): PlacementInput {
  const symbol = required(f, 'symbol').toUpperCase();
  const company = stockName(symbol);
  if (company === undefined) bad(`${symbol} is not a listed stock`);
  const p = parseMinor(required(f, 'price'), 2);
  if (p === null || p <= 0n) bad(`price must be a positive PKR amount with at most 2 decimals`);
  const eligibility = required(f, 'eligibility');
  if (eligibility !== 'international' && eligibility !== 'everyone')
    bad(`eligibility must be international or everyone`);
  const lot = count(f, 'lot', PLACEMENT_LOT);
  return {
    symbol,
    company,
    price: p,
    totalShares: count(f, 'total'),
    lot,
    minQty: count(f, 'min', lot),
    opensAt: time(f, 'opens'),
    closesAt: time(f, 'closes'),
    allotAt: time(f, 'allot'),
    lockDays: count(f, 'lockDays'),
    eligibility: eligibility satisfies PlacementEligibility,
    note: f.note?.trim() ?? '',
  };
}
