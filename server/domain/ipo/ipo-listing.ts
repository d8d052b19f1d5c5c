// An IPO's listing into the simulated market (issue 17). markListed (ipo-operator.ts) records the listing in the
// database; this file carries it to the market:
//   - at every open of the simulator (a start, a restart, a new leader) the listed offerings are read from the
//     database (listedOfferings, passed as SimOptions.listings), so a restart keeps them;
//   - the node that ran the listing publishes `market:listings` on the bus (Redis or in process); the node that
//     runs the simulator (the leader) then reads the listed offerings and adds the missing ones, and the next
//     step's record carries them to every replica (StepRecord.add);
//   - the leader also looks every MARKET_LISTINGS_MS (a minute), for listings made where no bus reaches (the back-office command).
// The instrument: the offering's symbol, its company as the name in both languages (offerings have no Urdu
// name), its sector as a slug and Shariah flag, tick 0.01 and lot 1 as every PSX stock here, the issue price as the
// previous close, the offering's total shares as its shares outstanding.
import type { Db } from '../../db/database.ts';
import type { Bus } from '../bus/bus.ts';
import type { ListingDef } from '../market/listed-instruments.ts';
import type { OfferingRow } from './ipo-repo.ts';

export const LISTINGS_CHANNEL = 'market:listings';

/**
 * The market's sectors are slugs ('food', 'oil-gas-marketing'); an offering's is the operator's text: 'Food'
 * → 'food', 'Oil & Gas Marketing' → 'oil-gas-marketing'; nothing usable → 'other'.
 */
export function sectorSlug(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug === '' ? 'other' : slug;
}

export function listingDefOf(o: OfferingRow): ListingDef {
  return {
    symbol: o.symbol,
    nameEn: o.company,
    nameUr: o.company,
    sector: sectorSlug(o.sector),
    shariah: o.shariah === 1,
    price: Number(o.price),
    shares: o.total_shares,
    listedAt: o.listed_at ?? o.list_at,
  };
}

/** Every listed offering as a market instrument, oldest listing first. */
export async function listedOfferings(db: Db): Promise<ListingDef[]> {
  const rows = await db
    .selectFrom('ipo_offerings')
    .selectAll()
    .where('phase', '=', 'listed')
    .orderBy('listed_at')
    .orderBy('id')
    .execute();
  return rows.map(listingDefOf);
}

/** Tells the leader (wherever it runs) that an offering listed. */
export function announceListing(bus: Bus, symbol: string): void {
  bus.publish(LISTINGS_CHANNEL, symbol);
}

/** The part of the simulator a listing needs. */
export interface ListingTarget {
  list(d: ListingDef): boolean;
}

export interface ListingFollow {
  bus: Bus;
  db: Db;
  /** the simulator where this node runs it (the leader), else undefined */
  simulator: () => ListingTarget | undefined;
  onError: (err: unknown) => void;
  /** the leader's periodic look (MARKET_LISTINGS_MS) */
  everyMs: number;
}

/** Adds every listed offering the leader's market lacks, on each announcement and every `everyMs`. */
export function followListings(f: ListingFollow): () => void {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    if (!f.simulator()) return;
    running = running
      .then(async () => {
        const defs = await listedOfferings(f.db);
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
