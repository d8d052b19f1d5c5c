// The simulated universe: wire instruments plus the parameters the random walk needs, and the index
// definitions. Indices are capitalisation-weighted on total shares outstanding (free float is not simulated)
// and scaled so each equals its base level when every constituent sits at its anchor price:
//   index = Σ(shares·price) / Σ(shares·anchor) × base.
// KSE-100 = the 100 largest stocks by cap at anchor; KSE-30 = the 30 largest; KMI-30 = the 30 largest
// Shariah-compliant; All-Share = every simulated stock.

import type { Instrument } from '../../../workers/protocol/market.ts';
import { CRYPTO_PAIRS } from './crypto-pairs.ts';
import { hashSeed } from './prng.ts';
import { PSX_COMPANIES } from './psx-companies.ts';
import { parseSignedMinor } from '../../../contract/money.ts';

/**
 * A price of the static tables in integer units. The walk keeps units in numbers (safe integers, far below
 * 2^53 for any listed price), so the exact bigint is narrowed once here; a malformed table entry is a bug.
 */
function simUnits(price: string, decimals: number): number {
  const units = parseSignedMinor(price, decimals);
  if (units === null) throw new Error(`not a price at ${decimals} decimals: ${price}`);
  return Number(units);
}

export interface SimInstrument {
  ins: Instrument;
  /** price the walk reverts to, in price units */
  anchor: number;
  /** daily volatility as a fraction (0.02 = 2%) */
  volDay: number;
  /** typical daily volume in quantity units */
  dayQty: number;
  /** book level spacing in price units */
  step: number;
  /** stocks: shares outstanding (cap weighting) */
  shares: number;
  /** indices: constituent symbols and the Σ(shares·anchor) the base level maps to */
  constituents?: string[];
  capAtBase?: bigint;
  /** indices: base level in price units */
  base?: number;
  /** a stock added at run time (an IPO that listed: listed-instruments.ts); absent for the built-in universe */
  listing?: ListingDef;
}

/**
 * A stock that joins the market at run time (an IPO's listing), as plain JSON-safe data: what the leader puts
 * in the step record that adds it and in every snapshot, so replicas and a promoted leader build the same
 * instrument. Prices in paisa (integer units at 2 decimals).
 */
export interface ListingDef {
  symbol: string;
  nameEn: string;
  nameUr: string;
  sector: string;
  shariah: boolean;
  /** the issue price: the first reference (previous) close and the price the walk reverts to */
  price: number;
  /** shares outstanding */
  shares: number;
  /** when it listed (ms): no history is generated before it */
  listedAt: number;
  // ---- a crypto token listed as <base>USDT (a token sale: domain/ico/ico-listing.ts); absent: a PSX stock,
  // priced in paisa. For a token `price` is in units of 10^-priceDecimals USDT and `shares` its supply in
  // units of 10^-qtyDecimals.
  market?: 'crypto';
  base?: string;
  priceDecimals?: number;
  qtyDecimals?: number;
}

const INDEX_DEFS = [
  {
    symbol: 'KSE100',
    nameEn: 'KSE-100 Index',
    nameUr: 'کے ایس ای 100 انڈیکس',
    base: '160000.00',
    pick: 'top100',
  },
  { symbol: 'KSE30', nameEn: 'KSE-30 Index', nameUr: 'کے ایس ای 30 انڈیکس', base: '49500.00', pick: 'top30' },
  {
    symbol: 'KMI30',
    nameEn: 'KMI-30 Index',
    nameUr: 'کے ایم آئی 30 انڈیکس',
    base: '235000.00',
    pick: 'kmi30',
  },
  {
    symbol: 'ALLSHR',
    nameEn: 'PSX All Share Index',
    nameUr: 'پی ایس ایکس آل شیئر انڈیکس',
    base: '98500.00',
    pick: 'all',
  },
] as const;

export function stockVol(price: number, symbol: string): number {
  const base = price < 20 ? 0.03 : price < 50 ? 0.024 : 0.018;
  return base * (0.85 + (hashSeed('vol', symbol) % 30) / 100);
}

export function buildUniverse(): SimInstrument[] {
  const stocks: SimInstrument[] = PSX_COMPANIES.map(
    ([symbol, nameEn, nameUr, sector, price, sharesM, shariah]) => {
      const anchor = simUnits(price, 2);
      const shares = sharesM * 1_000_000;
      // 0.1%–0.6% of the shares change hands on a typical day
      const dayQty = Math.round(shares * (0.001 + (hashSeed('turn', symbol) % 50) / 10_000));
      return {
        ins: {
          symbol,
          nameEn,
          nameUr,
          sector,
          market: 'psx',
          quote: 'PKR',
          base: symbol,
          tickSize: '0.01',
          lotSize: '1',
          priceDecimals: 2,
          qtyDecimals: 0,
          shariah: shariah === 1,
        },
        anchor,
        volDay: stockVol(anchor / 100, symbol),
        dayQty,
        step: Math.max(1, Math.round(anchor / 10_000)),
        shares,
      };
    },
  );

  const cap = (s: SimInstrument) => BigInt(s.shares) * BigInt(s.anchor);
  const byCap = [...stocks].sort((a, b) => (cap(b) > cap(a) ? 1 : cap(b) < cap(a) ? -1 : 0));
  const picks: Record<(typeof INDEX_DEFS)[number]['pick'], SimInstrument[]> = {
    top100: byCap.slice(0, 100),
    top30: byCap.slice(0, 30),
    kmi30: byCap.filter((s) => s.ins.shariah).slice(0, 30),
    all: stocks,
  };
  const indices: SimInstrument[] = INDEX_DEFS.map((d) => {
    const members = picks[d.pick];
    const base = simUnits(d.base, 2);
    return {
      ins: {
        symbol: d.symbol,
        nameEn: d.nameEn,
        nameUr: d.nameUr,
        sector: 'index',
        market: 'index',
        quote: 'PKR',
        base: d.symbol,
        tickSize: '0.01',
        lotSize: '0',
        priceDecimals: 2,
        qtyDecimals: 0,
      },
      anchor: base,
      volDay: 0,
      dayQty: 0,
      step: 1,
      shares: 0,
      constituents: members.map((m) => m.ins.symbol),
      capAtBase: members.reduce((acc, m) => acc + cap(m), 0n),
      base,
    };
  });

  const coins: SimInstrument[] = CRYPTO_PAIRS.map(
    ([base, nameEn, nameUr, price, pd, qd, dayQuoteM, volPct]) => {
      const anchor = simUnits(price, pd);
      const dayQty = Math.round(((dayQuoteM * 1_000_000) / Number(price)) * 10 ** qd);
      return {
        ins: {
          symbol: `${base}USDT`,
          nameEn: `${nameEn} / Tether`,
          nameUr: `${nameUr} / ٹیتھر`,
          sector: 'crypto',
          market: 'crypto',
          quote: 'USDT',
          base,
          tickSize: (10 ** -pd).toFixed(pd),
          lotSize: qd === 0 ? '1' : (10 ** -qd).toFixed(qd),
          priceDecimals: pd,
          qtyDecimals: qd,
        },
        anchor,
        volDay: volPct / 100,
        dayQty,
        step: Math.max(1, Math.round(anchor / 20_000)),
        shares: 0,
      };
    },
  );

  return [...stocks, ...indices, ...coins];
}
