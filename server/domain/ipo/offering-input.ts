// An operator's new offering as text fields (the back-office command's options, the console's form) to the
// checked OfferingInput of ipo-operator.ts. Prices are PKR with up to 2 decimals; times ISO 8601 with a zone
// (2026-12-01T09:00+05:00) or epoch ms; share counts whole numbers. A bad field is an IpoOperatorError
// ('badOffering') naming it.
import { parseMinor } from '../../../contract/money.ts';
import { IPO_LOT } from './allotment.ts';
import { IpoOperatorError, problem, type OfferingInput } from './ipo-operator.ts';

export type OfferingFields = Partial<Record<string, string>>;

/** The fields, each with what it holds (the command's usage and the console form's labels). */
export const OFFERING_FIELDS = {
  symbol: 'ticker, 2-10 capital letters or digits',
  company: 'company name',
  sector: 'sector (optional)',
  shariah: 'yes | no (KMI compliant; default no)',
  price: 'issue or strike price, PKR',
  floor: 'price band floor, PKR (optional, with cap)',
  cap: 'price band cap, PKR (optional, with floor)',
  total: 'total shares offered',
  retail: 'retail shares (the allotment shares these out)',
  lot: `application lot (default ${IPO_LOT})`,
  min: 'fewest shares per application (default the lot)',
  max: 'most shares per application',
  opens: 'subscription opens',
  closes: 'subscription closes',
  allot: 'allotment date',
  'pay-by': 'payment deadline',
  list: 'listing date',
  prospectus: 'prospectus summary (optional)',
} as const;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})$/;

/** `field` is the form's name of the field (the command's option; the console sends payBy for pay-by). */
function bad(code: string, message: string, params: Record<string, string | number> = {}): never {
  throw new IpoOperatorError('badOffering', message, problem(code, message, params));
}

const fieldOf = (name: string) => (name === 'pay-by' ? 'payBy' : name);

function required(f: OfferingFields, name: string): string {
  const v = f[name]?.trim() ?? '';
  if (v === '')
    bad('required', `${name} is required (${OFFERING_FIELDS[name as keyof typeof OFFERING_FIELDS]})`, {
      field: fieldOf(name),
    });
  return v;
}

function price(f: OfferingFields, name: string, optional = false): bigint | null {
  const v = f[name]?.trim() ?? '';
  if (v === '' && optional) return null;
  const p = parseMinor(required(f, name), 2);
  if (p === null || p <= 0n)
    bad('pkr', `${name} must be a positive PKR amount with at most 2 decimals, got "${v}"`, {
      field: fieldOf(name),
      got: v,
    });
  return p;
}

function count(f: OfferingFields, name: string, fallback?: number): number {
  const v = f[name]?.trim() ?? '';
  if (v === '' && fallback !== undefined) return fallback;
  const s = required(f, name);
  if (!/^[1-9][0-9]{0,12}$/.test(s))
    bad('whole', `${name} must be a positive whole number, got "${s}"`, { field: fieldOf(name) });
  return Number(s);
}

function time(f: OfferingFields, name: string): number {
  const s = required(f, name);
  const ms = /^[0-9]{1,15}$/.test(s) ? Number(s) : ISO.test(s) ? Date.parse(s) : NaN;
  if (!Number.isSafeInteger(ms))
    bad('time', `${name} must be ISO 8601 with a zone or epoch ms, got "${s}"`, {
      field: fieldOf(name),
      got: s,
    });
  return ms;
}

export function parseOfferingFields(f: OfferingFields): OfferingInput {
  const shariah = (f.shariah?.trim() ?? 'no').toLowerCase();
  if (!['yes', 'no', ''].includes(shariah))
    bad('shariah', `shariah must be yes or no, got "${f.shariah}"`, { got: f.shariah ?? '' });
  const lot = count(f, 'lot', IPO_LOT);
  return {
    symbol: required(f, 'symbol').toUpperCase(),
    company: required(f, 'company'),
    sector: f.sector?.trim() ?? '',
    shariah: shariah === 'yes',
    price: price(f, 'price')!,
    priceFloor: price(f, 'floor', true),
    priceCap: price(f, 'cap', true),
    totalShares: count(f, 'total'),
    retailShares: count(f, 'retail'),
    lot,
    minQty: count(f, 'min', lot),
    maxQty: count(f, 'max'),
    opensAt: time(f, 'opens'),
    closesAt: time(f, 'closes'),
    allotAt: time(f, 'allot'),
    payBy: time(f, 'pay-by'),
    listAt: time(f, 'list'),
    prospectus: f.prospectus?.trim() ?? '',
  };
}
