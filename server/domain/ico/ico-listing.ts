// A token sale's listing into the simulated market (issue 17 §7), the same way an IPO lists
// (domain/ipo/ipo-listing.ts): listSale (ico-operator.ts) records it in the database; at every open of the
// simulator the listed sales are read (SimOptions.listings, with the listed offerings), and the node that
// listed it publishes `market:listings`, on which the leader adds the listed sales its market lacks (also
// every MARKET_LISTINGS_MS, for listings made where no bus reaches).
// The instrument: <TOKEN>USDT, a crypto pair quoted in USDT, its names from the sale, the sale price as its
// previous close, price decimals the fewest (2 to 6) that hold the sale price exactly, quantity decimals the
// token's, the tokens offered as its supply.
import type { Db } from '../../db/database.ts';
import type { Bus } from '../bus/bus.ts';
import { LISTINGS_CHANNEL, type ListingFollow } from '../ipo/ipo-listing.ts';
import type { ListingDef } from '../market/listed-instruments.ts';
import { pairOf, type SaleRow } from './ico-repo.ts';

/** The fewest price decimals (2…6) that hold a micro-USDT price exactly, and the price in those units. */
export function priceUnits(micro: bigint): { decimals: number; units: bigint } {
  for (let d = 2; d < 6; d++) {
    const div = 10n ** BigInt(6 - d);
    if (micro % div === 0n) return { decimals: d, units: micro / div };
  }
  return { decimals: 6, units: micro };
}

export function listingDefOfSale(s: SaleRow): ListingDef {
  const p = priceUnits(s.price);
  return {
    symbol: pairOf(s.token),
    nameEn: `${s.name_en} / Tether`,
    nameUr: `${s.name_ur} / ٹیتھر`,
    sector: 'crypto',
    shariah: false,
    price: Number(p.units),
    shares: Number(s.ico_tokens),
    listedAt: s.listed_at ?? s.list_at,
    market: 'crypto',
    base: s.token,
    priceDecimals: p.decimals,
    qtyDecimals: s.token_decimals,
  };
}

/** Every listed sale as a market instrument, oldest listing first. */
export async function listedTokenSales(db: Db): Promise<ListingDef[]> {
  const rows = await db
    .selectFrom('ico_sales')
    .selectAll()
    .where('phase', '=', 'listed')
    .orderBy('listed_at')
    .orderBy('id')
    .execute();
  return rows.map(listingDefOfSale);
}

/** Tells the leader (wherever it runs) that a token listed. */
export function announceTokenListing(bus: Bus, pair: string): void {
  bus.publish(LISTINGS_CHANNEL, pair);
}

/** Adds every listed sale the leader's market lacks, on each announcement and every `everyMs`. */
export function followTokenListings(f: ListingFollow): () => void {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    if (!f.simulator()) return;
    running = running
      .then(async () => {
        const defs = await listedTokenSales(f.db);
        const sim = f.simulator();
        if (sim) for (const d of defs) sim.list(d);
      })
      .catch(f.onError);
  };
  const off = f.bus.subscribe(LISTINGS_CHANNEL, pass);
  const timer = setInterval(pass, f.everyMs);
  timer.unref();
  return () => {
    off();
    clearInterval(timer);
  };
}
