// An operator's IPO work (the console's routes and the back-office command `ipo create|allot|list|pay-due`
// call these), each audited (one operator_audit row per change) in the transaction of the change:
//   create  a new offering (checked: lot multiples, band around the price, dates in order);
//   allot   after the window: ballot then pro rata (allotment.ts) with the given seed or a random one, recorded;
//           run per account kind (real and demo are two pools, each over the whole retail portion, so demo
//           applications never take shares from real ones; the offering's applied/allotted figures are the
//           real pool's, the demo pool's go in the audit row);
//           the unallotted part of every application is given back at once, the allotted amount stays frozen,
//           waiting for payment; an application not allotted gets everything back;
//   list    on or after listAt: anything still waiting is paid first, then every paid application's shares
//           move shares_ipo → shares (sellable at once: they were paid for days before, so no T+1 lock
//           applies, as CDC credits IPO shares before the first trading day) and each holder gets a personal
//           message; the caller announces the listing (ipo-listing.ts) and the symbol joins the simulated
//           market with the next feed step, at the issue price as its previous close.
// payDue (not an operator action: the leader's periodic job) pays every allotment still waiting at payBy, from
// its frozen money, one application per transaction; idempotent (state-conditional, refs `pay:<id>`).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { insertMessage } from '../content/messages-repo.ts';
import { PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { move, postRecord, unfreeze } from '../ledger/post.ts';
import { allot, type AllotmentResult } from './allotment.ts';
import { payInTx } from './ipo-apply.ts';
import { findOffering, type ApplicationRow, type OfferingRow } from './ipo-repo.ts';

export type IpoOperatorRefusal =
  'badOffering' | 'unknownOffering' | 'stillSubscribing' | 'alreadyAllotted' | 'notAllotted' | 'tooEarly';

/**
 * What is wrong, for a translated answer: `code` names a text `ipo:consoleProblem.<code>` with `params` (a
 * `field` param is a form field's name, shown through `ipo:consoleField.<field>`); `text` is the English the
 * back-office command prints.
 */
export interface OfferingProblem {
  code: string;
  params: Record<string, string | number>;
  text: string;
}

export const problem = (
  code: string,
  text: string,
  params: Record<string, string | number> = {},
): OfferingProblem => ({ code, params, text });

export class IpoOperatorError extends Error {
  constructor(
    readonly reason: IpoOperatorRefusal,
    message: string,
    readonly problem?: OfferingProblem,
  ) {
    super(message);
    this.name = 'IpoOperatorError';
  }
}

export interface OfferingInput {
  symbol: string;
  company: string;
  sector: string;
  shariah: boolean;
  /** paisa */
  price: bigint;
  priceFloor: bigint | null;
  priceCap: bigint | null;
  totalShares: number;
  retailShares: number;
  lot: number;
  minQty: number;
  maxQty: number;
  opensAt: number;
  closesAt: number;
  allotAt: number;
  payBy: number;
  listAt: number;
  prospectus: string;
}

const SYMBOL = /^[A-Z][A-Z0-9]{1,9}$/;

/**
 * The highest issue price (and band cap) an offering may have: PKR 1,000,000 a share, far above any PSX share
 * (the dearest trade in the thousands). The listed share's price walks in the simulator as a JS number of paisa
 * (domain/ipo/ipo-listing.ts), which must stay exact.
 */
export const MAX_ISSUE_PRICE_PAISA = 100_000_000n;

/** Every rule an offering must satisfy; the first broken one, or null. */
export function offeringProblem(i: OfferingInput): OfferingProblem | null {
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0;
  if (!SYMBOL.test(i.symbol))
    return problem('symbol', 'symbol must be 2-10 capital letters or digits, starting with a letter');
  if (i.company.trim() === '' || i.company.length > 100)
    return problem('company', 'company must be 1-100 characters');
  if (i.sector.length > 60) return problem('sector', 'sector must be at most 60 characters');
  if (i.prospectus.length > 4000)
    return problem('prospectus', 'prospectus summary must be at most 4000 characters');
  if (i.price <= 0n) return problem('price', 'price must be positive');
  if (i.price > MAX_ISSUE_PRICE_PAISA || (i.priceCap ?? 0n) > MAX_ISSUE_PRICE_PAISA)
    return problem('priceMax', 'price must be at most PKR 1,000,000 a share');
  if ((i.priceFloor === null) !== (i.priceCap === null))
    return problem('bandBoth', 'a price band needs both floor and cap');
  if (i.priceFloor !== null && i.priceCap !== null) {
    if (!(i.priceFloor > 0n && i.priceFloor <= i.price && i.price <= i.priceCap))
      return problem('bandOrder', 'the price must lie within the band (floor ≤ price ≤ cap)');
  }
  for (const [field, name, n] of [
    ['total', 'total shares', i.totalShares],
    ['retail', 'retail shares', i.retailShares],
    ['lot', 'lot', i.lot],
    ['min', 'minimum', i.minQty],
    ['max', 'maximum', i.maxQty],
  ] as const) {
    if (!whole(n)) return problem('whole', `${name} must be a positive whole number`, { field });
  }
  if (i.retailShares > i.totalShares)
    return problem('retailOverTotal', 'retail shares cannot exceed total shares');
  for (const [field, name, n] of [
    ['retail', 'retail shares', i.retailShares],
    ['min', 'minimum', i.minQty],
    ['max', 'maximum', i.maxQty],
  ] as const) {
    if (n % i.lot !== 0)
      return problem('lotMultiple', `${name} must be a multiple of the lot (${i.lot})`, {
        field,
        lot: i.lot,
      });
  }
  if (i.minQty > i.maxQty) return problem('minOverMax', 'the minimum cannot exceed the maximum');
  if (!(i.opensAt < i.closesAt && i.closesAt <= i.allotAt && i.allotAt <= i.payBy && i.payBy <= i.listAt))
    return problem(
      'dateOrder',
      'dates must be in order: opens < closes ≤ allotment ≤ payment deadline ≤ listing',
    );
  return null;
}

export async function createOffering(
  db: Db,
  actor: Actor,
  input: OfferingInput,
  now: number,
): Promise<OfferingRow> {
  const bad = offeringProblem(input);
  if (bad) throw new IpoOperatorError('badOffering', bad.text, bad);
  return inTx(db, async (tx) => {
    const taken = await tx
      .selectFrom('ipo_offerings')
      .select('id')
      .where('symbol', '=', input.symbol)
      .executeTakeFirst();
    if (taken) {
      const p = problem('exists', `an offering of ${input.symbol} exists already`, { symbol: input.symbol });
      throw new IpoOperatorError('badOffering', p.text, p);
    }
    const row = await tx
      .insertInto('ipo_offerings')
      .values({
        symbol: input.symbol,
        company: input.company.trim(),
        sector: input.sector.trim(),
        shariah: input.shariah ? 1 : 0,
        price: input.price,
        price_floor: input.priceFloor,
        price_cap: input.priceCap,
        total_shares: input.totalShares,
        retail_shares: input.retailShares,
        lot: input.lot,
        min_shares: input.minQty,
        max_shares: input.maxQty,
        opens_at: input.opensAt,
        closes_at: input.closesAt,
        allot_at: input.allotAt,
        pay_by: input.payBy,
        list_at: input.listAt,
        prospectus: input.prospectus,
        created_by: actor.operatorId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      actor,
      action: 'ipo.create',
      subjectType: 'ipo_offering',
      subjectId: row.id,
      before: null,
      after: row,
      now,
    });
    return row;
  });
}

async function mustFind(db: Db, id: number): Promise<OfferingRow> {
  const o = await findOffering(db, id);
  if (!o) throw new IpoOperatorError('unknownOffering', `offering ${id} does not exist`);
  return o;
}

export interface AllotmentRun {
  offering: OfferingRow;
  /** shares allotted by this run, both pools (the offering's allotted_shares is the real pool's) */
  allotted: number;
  applications: number;
}

/**
 * Runs the allotment of a closed offering with `seed` (empty: 16 random bytes, hex), recorded on the offering.
 * The offering row is updated first, so applications in flight finish before (ipo-apply.ts) and later ones
 * find it closed. Running it twice is refused (alreadyAllotted): the first result stands.
 */
export async function runAllotment(
  db: Db,
  actor: Actor,
  id: number,
  seedIn: string,
  now: number,
): Promise<AllotmentRun> {
  const seed = seedIn.trim() === '' ? randomBytes(16).toString('hex') : seedIn.trim();
  if (seed.length > 128) {
    const p = problem('seed', 'seed must be at most 128 characters');
    throw new IpoOperatorError('badOffering', p.text, p);
  }
  return inTx(
    db,
    async (tx) => {
      const before = await mustFind(tx, id);
      if (before.phase !== 'open')
        throw new IpoOperatorError('alreadyAllotted', `offering ${id} was allotted already`);
      if (now < before.closes_at)
        throw new IpoOperatorError('stillSubscribing', `offering ${id} is open until ${before.closes_at}`);
      const claimed = await tx
        .updateTable('ipo_offerings')
        .set({ phase: 'allotted', seed, allotted_at: now, updated_at: now })
        .where('id', '=', id)
        .where('phase', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!claimed) throw new IpoOperatorError('alreadyAllotted', `offering ${id} was allotted already`);
      const apps = await tx
        .selectFrom('ipo_applications as a')
        .innerJoin('accounts as acc', 'acc.id', 'a.account_id')
        .selectAll('a')
        .select('acc.type as kind')
        .where('a.offering_id', '=', id)
        .where('a.state', '=', 'applied')
        .orderBy('a.id')
        .execute();
      const pools = {
        real: await allotPool(
          tx,
          claimed,
          seed,
          apps.filter((a) => a.kind !== 'demo'),
          now,
        ),
        demo: await allotPool(
          tx,
          claimed,
          seed,
          apps.filter((a) => a.kind === 'demo'),
          now,
        ),
      };
      const result = pools.real;
      const after = await tx
        .updateTable('ipo_offerings')
        .set({ applied_shares: result.applied, allotted_shares: result.allotted })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(tx, {
        actor,
        action: 'ipo.allot',
        subjectType: 'ipo_offering',
        subjectId: id,
        before,
        after: {
          ...after,
          rule: result.rule,
          oversubscribed: result.oversubscribed,
          demo: { applied: pools.demo.applied, allotted: pools.demo.allotted },
        },
        now,
      });
      return {
        offering: after,
        allotted: pools.real.allotted + pools.demo.allotted,
        applications: apps.length,
      };
    },
    READ_COMMITTED,
  );
}

/**
 * One ballot pool (issue 17: real and demo apart, so demo applications never take shares from real ones): the
 * whole retail portion is balloted among the pool's applications with the offering's seed; each application's
 * unallotted part is given back at once. Re-running a pool needs only its applications' ids and the seed.
 */
async function allotPool(
  tx: Db,
  o: OfferingRow,
  seed: string,
  apps: readonly ApplicationRow[],
  now: number,
): Promise<AllotmentResult> {
  const result = allot(
    o.retail_shares,
    apps.map((a) => ({ id: a.id, qty: a.shares })),
    seed,
    o.lot,
  );
  const byId = new Map(apps.map((a) => [a.id, a]));
  for (const r of result.allotments) {
    const a = byId.get(r.id)!;
    const refund = a.amount - a.price * BigInt(r.allotted);
    await tx
      .updateTable('ipo_applications')
      .set({
        state: r.allotted > 0 ? 'allotted' : 'not_allotted',
        won_shares: r.allotted,
        updated_at: now,
      })
      .where('id', '=', a.id)
      .where('state', '=', 'applied')
      .execute();
    await unfreeze(tx, {
      kind: 'ipo_refund',
      ref: `allot:${a.id}`,
      accountId: a.account_id,
      asset: PKR,
      amount: refund,
      symbol: o.symbol,
      now,
    });
  }
  return result;
}

async function payOne(db: Db, a: ApplicationRow, now: number): Promise<boolean> {
  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [a.account_id]);
      const fresh = await tx
        .selectFrom('ipo_applications')
        .selectAll()
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      if (fresh.state !== 'allotted') return false;
      const o = (await findOffering(tx, fresh.offering_id))!;
      return (await payInTx(tx, fresh, o, true, now)).changed;
    },
    READ_COMMITTED,
  );
}

/**
 * Pays every allotment still waiting whose offering's payBy has come (only `offeringId`'s when given).
 * Returns how many it paid now; 0 when run again.
 */
export async function payDue(db: Db, now: number, offeringId?: number): Promise<number> {
  let q = db
    .selectFrom('ipo_applications as a')
    .innerJoin('ipo_offerings as o', 'o.id', 'a.offering_id')
    .selectAll('a')
    .where('a.state', '=', 'allotted')
    .where('o.pay_by', '<=', now)
    .orderBy('a.id');
  if (offeringId !== undefined) q = q.where('o.id', '=', offeringId);
  let paid = 0;
  for (const a of await q.execute()) if (await payOne(db, a, now)) paid += 1;
  return paid;
}

/**
 * The allotted shares join the account's average-cost position (stock_positions: what the positions list and
 * a sell read), at the issue price paid: a real position, sold like any bought one.
 */
async function addAllotmentToPosition(tx: Db, a: ApplicationRow, symbol: string, now: number): Promise<void> {
  const qty = BigInt(a.won_shares);
  const cost = a.price * qty;
  await tx
    .insertInto('stock_positions')
    .values({ account_id: a.account_id, symbol, qty, cost, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['account_id', 'symbol']).doUpdateSet({
        qty: sql<bigint>`stock_positions.qty + excluded.qty`,
        cost: sql<bigint>`stock_positions.cost + excluded.cost`,
        updated_at: now,
      }),
    )
    .execute();
}

/** Marks an allotted offering listed on or after listAt: pays what still waits, then unlocks the shares. */
export async function markListed(db: Db, actor: Actor, id: number, now: number): Promise<OfferingRow> {
  const o = await mustFind(db, id);
  if (o.phase === 'listed') throw new IpoOperatorError('notAllotted', `offering ${id} is listed already`);
  if (o.phase !== 'allotted') throw new IpoOperatorError('notAllotted', `offering ${id} is not allotted yet`);
  if (now < o.list_at) throw new IpoOperatorError('tooEarly', `offering ${id} lists at ${o.list_at}`);
  await payDue(db, now, id);
  return inTx(
    db,
    async (tx) => {
      const claimed = await tx
        .updateTable('ipo_offerings')
        .set({ phase: 'listed', listed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('phase', '=', 'allotted')
        .returningAll()
        .executeTakeFirst();
      if (!claimed) throw new IpoOperatorError('notAllotted', `offering ${id} is listed already`);
      const waiting = await tx
        .selectFrom('ipo_applications')
        .select('id')
        .where('offering_id', '=', id)
        .where('state', '=', 'allotted')
        .executeTakeFirst();
      if (waiting) throw new IpoOperatorError('notAllotted', `application ${waiting.id} is still unpaid`);
      const paid = await tx
        .selectFrom('ipo_applications')
        .selectAll()
        .where('offering_id', '=', id)
        .where('state', '=', 'paid')
        .where('listed', '=', 0)
        .orderBy('id')
        .execute();
      for (const a of paid) {
        await postRecord(tx, {
          kind: 'ipo_listing',
          ref: `list:${a.id}`,
          accountId: a.account_id,
          symbol: claimed.symbol,
          now,
          legs: move(a.account_id, 'shares_ipo', 'shares', claimed.symbol, BigInt(a.won_shares)),
        });
        await addAllotmentToPosition(tx, a, claimed.symbol, now);
        await tx
          .updateTable('ipo_applications')
          .set({ listed: 1, updated_at: now })
          .where('id', '=', a.id)
          .execute();
        await insertMessage(tx, {
          userId: a.user_id,
          kind: 'ipo',
          eventKey: `ipo:listed:${a.id}`,
          textKey: 'ipoListed',
          params: { symbol: claimed.symbol, qty: a.won_shares },
          link: `${ROUTE_PATHS['stock.stockKline']}?symbol=${encodeURIComponent(claimed.symbol)}`,
          now,
        });
      }
      await recordAudit(tx, {
        actor,
        action: 'ipo.list',
        subjectType: 'ipo_offering',
        subjectId: id,
        before: o,
        after: claimed,
        now,
      });
      return claimed;
    },
    READ_COMMITTED,
  );
}
