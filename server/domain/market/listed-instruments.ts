// Stocks added to the simulated market at run time (issue 17: an IPO that lists joins the market and trades like
// any other). The built-in universe (universe.ts) is built once from code on every node; a listed stock is
// described by a ListingDef, which travels in the step record that adds it (StepRecord.add) and in every
// snapshot (MarketSnapshot.listed), so the leader, its replicas and a promoted replica hold the same
// instrument and count the same seqs. It takes its walk parameters as a built-in stock would (volatility by
// price, a typical day's turnover of its shares); it is not a constituent of any index (index definitions and
// their base capitalisation are fixed). A token sale's token lists the same way as a crypto USDT pair
// (ListingDef.market 'crypto': domain/ico/ico-listing.ts).
import type { Instrument } from '../../../workers/protocol/market.ts';
import { pktDayStart } from './calendar.ts';
import { newState, type LiveState } from './instrument-state.ts';
import type { LiveMarket } from './live-market.ts';
import { hashSeed } from './prng.ts';
import { stockVol, type ListingDef, type SimInstrument } from './universe.ts';

export type { ListingDef } from './universe.ts';

const SYMBOL = /^[A-Z][A-Z0-9]{1,9}$/;

/** Whether `x` (off the wire or out of the database) is a usable ListingDef. */
export function isListingDef(x: unknown): x is ListingDef {
  if (typeof x !== 'object' || x === null) return false;
  const d = x as Record<string, unknown>;
  const pos = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  return (
    typeof d.symbol === 'string' &&
    SYMBOL.test(d.symbol) &&
    typeof d.nameEn === 'string' &&
    typeof d.nameUr === 'string' &&
    typeof d.sector === 'string' &&
    typeof d.shariah === 'boolean' &&
    pos(d.price) &&
    pos(d.shares) &&
    pos(d.listedAt) &&
    (d.market === undefined || isCryptoPart(d))
  );
}

/** The crypto fields of a token's listing (a token sale), all present and in range. */
function isCryptoPart(d: Record<string, unknown>): boolean {
  const places = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 8;
  return (
    d.market === 'crypto' &&
    typeof d.base === 'string' &&
    d.symbol === `${d.base}USDT` &&
    places(d.priceDecimals) &&
    places(d.qtyDecimals)
  );
}

/** A token listed as a USDT pair: walks like a built-in coin (6 % a day), about 2 % of its supply a day. */
function listedToken(d: ListingDef): SimInstrument {
  const pd = d.priceDecimals ?? 2;
  const qd = d.qtyDecimals ?? 0;
  const ins: Instrument = {
    symbol: d.symbol,
    nameEn: d.nameEn,
    nameUr: d.nameUr,
    sector: 'crypto',
    market: 'crypto',
    quote: 'USDT',
    base: d.base ?? d.symbol,
    tickSize: pd === 0 ? '1' : (10 ** -pd).toFixed(pd),
    lotSize: qd === 0 ? '1' : (10 ** -qd).toFixed(qd),
    priceDecimals: pd,
    qtyDecimals: qd,
  };
  return {
    ins,
    anchor: d.price,
    volDay: 0.06,
    dayQty: Math.max(1, Math.round(d.shares * 0.02)),
    step: Math.max(1, Math.round(d.price / 20_000)),
    shares: 0,
    listing: d,
  };
}

export function listedInstrument(d: ListingDef): SimInstrument {
  if (d.market === 'crypto') return listedToken(d);
  const ins: Instrument = {
    symbol: d.symbol,
    nameEn: d.nameEn,
    nameUr: d.nameUr,
    sector: d.sector,
    market: 'psx',
    quote: 'PKR',
    base: d.symbol,
    tickSize: '0.01',
    lotSize: '1',
    priceDecimals: 2,
    qtyDecimals: 0,
    shariah: d.shariah,
  };
  // As a built-in stock: 0.1%–0.6% of the shares change hands on a typical day.
  const dayQty = Math.max(1, Math.round(d.shares * (0.001 + (hashSeed('turn', d.symbol) % 50) / 10_000)));
  return {
    ins,
    anchor: d.price,
    volDay: stockVol(d.price / 100, d.symbol),
    dayQty,
    step: Math.max(1, Math.round(d.price / 10_000)),
    shares: d.shares,
    listing: d,
  };
}

/**
 * Adds a listed stock to a live market at `ts` (a step being applied): its first state stands at the issue
 * price, which is also its reference close, with an empty book (the next traded step draws one). Returns the
 * new state, or undefined when the symbol is there already (adding is idempotent).
 */
export function addListed(live: LiveMarket, d: ListingDef, ts: number): LiveState | undefined {
  if (live.states.has(d.symbol)) return undefined;
  const s = newState(listedInstrument(d), d.price, d.price, pktDayStart(ts), ts);
  live.states.set(d.symbol, s);
  live.byMarket[d.market === 'crypto' ? 'crypto' : 'psx'].push(s);
  return s;
}

/** The listed stocks a market holds, in the order they were added (what a snapshot carries). */
export function listingsOf(live: LiveMarket): ListingDef[] {
  const out: ListingDef[] = [];
  for (const s of live.states.values()) if (s.sim.listing) out.push(s.sim.listing);
  return out;
}
