// The option rules (settings option.*, registry.ts), the expiry of a term, and the live quote of a symbol: the
// model's inputs measured now (domain/option/pricing.ts says the model).
import type { Db } from '../../db/database.ts';
import { parseMinor } from '../../../contract/money.ts';
import type { OptionDirection } from '../../../contract/option.ts';
import { DAY_MS, pktDayStart, psxSessions } from '../market/calendar.ts';
import type { MarketSource } from '../market/market-source.ts';
import { readSettings } from '../settings/settings-repo.ts';
import { blackScholes, fixed, quotedUnitPrice, realisedVolatility, yearsOf } from './pricing.ts';

export const MODEL_ID = 'black-scholes/v1';
/** Fewest daily closes the volatility may be measured over (two returns). */
export const MIN_CLOSES = 3;

export interface OptionRules {
  terms: number[];
  minPremium: bigint;
  maxPremium: bigint;
  /** yearly fraction, decimal string */
  rate: string;
  spreadBps: number;
  volDays: number;
  symbols: string[];
  dayMs: number;
}

export async function readOptionRules(db: Db, dayMs: number): Promise<OptionRules> {
  const s = await readSettings(db);
  return {
    terms: [...s['option.terms']].sort((a, b) => a - b),
    minPremium: parseMinor(s['option.minPremium'], 2) ?? 0n,
    maxPremium: parseMinor(s['option.maxPremium'], 2) ?? 0n,
    rate: s['option.riskFreeRate'],
    spreadBps: s['option.spreadBps'],
    volDays: s['option.volDays'],
    symbols: [...s['option.symbols']],
    dayMs,
  };
}

/** The PSX close of the trading day containing `ts`, or of the next trading day (within 30 days). */
function closeOnOrAfter(ts: number): number {
  for (let day = pktDayStart(ts), i = 0; i < 30; day += DAY_MS, i++) {
    const open = psxSessions(day).filter((s) => s.st === 'open');
    const last = open[open.length - 1];
    if (last) return last.to;
  }
  return pktDayStart(ts) + DAY_MS;
}

/**
 * When an option of `term` days bought at `now` expires: the PSX close `term` days on (the next trading day's
 * close when that day is not one); with a shortened demo day (dayMs > 0), now + term × dayMs.
 */
export function expiryOf(term: number, now: number, dayMs: number): number {
  if (dayMs > 0) return now + term * dayMs;
  return closeOnOrAfter(now + term * DAY_MS);
}

/** A PSX stock options may be bought on (not an index, not crypto; in the rules' list when it has one). */
export function offered(
  market: Pick<MarketSource, 'instrument'>,
  rules: OptionRules,
  symbol: string,
): boolean {
  const ins = market.instrument(symbol);
  if (!ins || ins.market !== 'psx' || ins.sector === 'index') return false;
  return rules.symbols.length === 0 || rules.symbols.includes(symbol);
}

export interface Measured {
  spot: string;
  spotMinor: bigint;
  /** yearly fraction */
  sigma: string;
  closes: number;
}

/** The live price and the realised volatility of the last volDays daily closes before today; null: unpriced. */
export async function measure(
  market: Pick<MarketSource, 'ticker' | 'candles'>,
  symbol: string,
  volDays: number,
  now: number,
): Promise<Measured | null> {
  const spot = market.ticker(symbol)?.p;
  const spotMinor = spot ? parseMinor(spot, 2) : null;
  if (!spot || !spotMinor || spotMinor <= 0n) return null;
  const today = pktDayStart(now);
  const bars = await market.candles(symbol, '1d', { limit: volDays + 2 });
  const closes = bars
    .filter((b) => b.t < today)
    .slice(-volDays)
    .map((b) => b.c);
  const sigma = realisedVolatility(closes);
  if (closes.length < MIN_CLOSES || sigma === null) return null;
  return { spot, spotMinor, sigma: fixed(sigma, 8), closes: closes.length };
}

/** The quoted price of one contract (PKR, unrounded Decimal string at 8 places). */
export function unitPriceOf(
  m: Measured,
  rules: Pick<OptionRules, 'rate' | 'spreadBps'>,
  direction: OptionDirection,
  term: number,
): string {
  const v = blackScholes({
    spot: m.spot,
    strike: m.spot,
    rate: rules.rate,
    sigma: m.sigma,
    years: yearsOf(term),
  });
  return fixed(quotedUnitPrice(v[direction], rules.spreadBps), 8);
}
