// An operator's token-sale work (the console's routes call these), each audited (one operator_audit row per
// change) in the transaction of the change:
//   create      a new sale (checked: token free as an asset and a pair, amounts positive, cap ≥ min, dates in
//               order);
//   distribute  after the window: allocation.ts per pool (real and demo apart, each over the whole offering);
//               for every commitment, in ONE transaction for the sale: the cost leaves the frozen USDT for the
//               sale's issuer account (ico_issuer_<id>), the rest is unfrozen (refunded at once), the tokens
//               move from the issuer account to the spot account's cash, and the user gets a message; the sale
//               row is claimed first (phase open → distributed), so it runs once and commits in flight finish
//               before it (ico-commit.ts) or find it closed;
//   list        on or after listAt: the token becomes <TOKEN>USDT on the simulated crypto market
//               (ico-listing.ts; the caller announces it) and each holder gets a message.
import type { Db } from '../../db/database.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import { pow10 } from '../../../contract/money.ts';
import { USDT } from '../../../contract/spot-rules.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { insertMessage } from '../content/messages-repo.ts';
import { postRecord, settleFrozen, unfreeze } from '../ledger/post.ts';
import { allocate, type AllocationResult } from './allocation.ts';
import { findSale, pairOf, usdt, type CommitmentRow, type SaleRow } from './ico-repo.ts';
import { formatMinor } from '../../../contract/money.ts';

export type IcoOperatorRefusal =
  'badSale' | 'unknownSale' | 'stillSubscribing' | 'alreadyDistributed' | 'notDistributed' | 'tooEarly';

export class IcoOperatorError extends Error {
  constructor(
    readonly reason: IcoOperatorRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'IcoOperatorError';
  }
}

export const icoIssuer = (saleId: number): string => `ico_issuer_${saleId}`;

export interface SaleInput {
  token: string;
  nameEn: string;
  nameUr: string;
  decimals: number;
  /** micro-USDT per whole token */
  price: bigint;
  /** smallest units */
  offered: bigint;
  /** micro-USDT */
  min: bigint;
  cap: bigint;
  opensAt: number;
  closesAt: number;
  distributeAt: number;
  listAt: number;
  summary: string;
}

const TOKEN = /^[A-Z][A-Z0-9]{1,5}$/;

/** What is wrong with a new sale, or null. `taken` says whether a name is already an asset or a symbol. */
export function saleProblem(i: SaleInput, taken: (name: string) => boolean): string | null {
  if (!TOKEN.test(i.token)) return 'token must be 2-6 capital letters or digits, starting with a letter';
  if (['PKR', 'USDT'].includes(i.token) || taken(i.token) || taken(pairOf(i.token)))
    return `${i.token} is already an asset or a market symbol`;
  if (i.nameEn.trim() === '' || i.nameUr.trim() === '') return 'both names are required';
  if (i.price <= 0n || i.offered <= 0n || i.min <= 0n)
    return 'price, tokens offered and minimum must be positive';
  if (i.price > BigInt(Number.MAX_SAFE_INTEGER) || i.offered > BigInt(Number.MAX_SAFE_INTEGER))
    return 'price or tokens offered too large for the market';
  if (i.cap < i.min) return 'the per-user cap cannot be below the minimum commitment';
  if ((i.min * pow10(i.decimals)) / i.price === 0n)
    return 'the minimum commitment must buy at least one smallest unit';
  if (!(i.opensAt < i.closesAt && i.closesAt <= i.distributeAt && i.distributeAt <= i.listAt))
    return 'dates must be in order: opens < closes ≤ distribution ≤ listing';
  return null;
}

export async function createSale(
  db: Db,
  actor: Actor,
  input: SaleInput,
  taken: (name: string) => boolean,
  now: number,
): Promise<SaleRow> {
  const problem = saleProblem(input, taken);
  if (problem) throw new IcoOperatorError('badSale', problem);
  return inTx(db, async (tx) => {
    const clash = await tx
      .selectFrom('ico_sales')
      .select('id')
      .where('token', '=', input.token)
      .executeTakeFirst();
    const ipo = await tx
      .selectFrom('ipo_offerings')
      .select('id')
      .where('symbol', '=', input.token)
      .executeTakeFirst();
    if (clash || ipo)
      throw new IcoOperatorError('badSale', `${input.token} is taken by another sale or offering`);
    const row = await tx
      .insertInto('ico_sales')
      .values({
        token: input.token,
        name_en: input.nameEn.trim(),
        name_ur: input.nameUr.trim(),
        token_decimals: input.decimals,
        price: input.price,
        ico_tokens: input.offered,
        ico_min: input.min,
        ico_cap: input.cap,
        opens_at: input.opensAt,
        closes_at: input.closesAt,
        distribute_at: input.distributeAt,
        list_at: input.listAt,
        summary: input.summary.trim(),
        created_by: actor.operatorId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      actor,
      action: 'ico.create',
      subjectType: 'ico_sale',
      subjectId: row.id,
      before: null,
      after: row,
      now,
    });
    return row;
  });
}

async function mustFind(db: Db, id: number): Promise<SaleRow> {
  const s = await findSale(db, id);
  if (!s) throw new IcoOperatorError('unknownSale', `sale ${id} does not exist`);
  return s;
}

/** Distributes one pool's commitments inside the sale's transaction. */
async function distributePool(
  tx: Db,
  s: SaleRow,
  rows: readonly CommitmentRow[],
  now: number,
): Promise<AllocationResult> {
  const result = allocate(
    { price: s.price, scale: pow10(s.token_decimals), offered: s.ico_tokens },
    rows.map((c) => ({ id: c.id, amount: c.amount })),
  );
  const byId = new Map(rows.map((c) => [c.id, c]));
  for (const a of result.allocations) {
    const c = byId.get(a.id)!;
    const changed = await tx
      .updateTable('ico_commitments')
      .set({
        state: 'distributed',
        won_tokens: a.tokens,
        spent_usdt: a.cost,
        refunded_usdt: a.refund,
        updated_at: now,
      })
      .where('id', '=', c.id)
      .where('state', '=', 'committed')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) continue;
    const tags = { accountId: c.account_id, symbol: s.token, now };
    if (a.cost > 0n)
      await settleFrozen(tx, {
        ...tags,
        kind: 'ico_pay',
        ref: `ico:pay:${c.id}`,
        asset: USDT,
        to: [{ system: icoIssuer(s.id), amount: a.cost }],
      });
    if (a.refund > 0n)
      await unfreeze(tx, {
        ...tags,
        kind: 'ico_refund',
        ref: `ico:refund:${c.id}`,
        asset: USDT,
        amount: a.refund,
      });
    if (a.tokens > 0n)
      await postRecord(tx, {
        ...tags,
        kind: 'ico_tokens',
        ref: `ico:tokens:${c.id}`,
        legs: [
          { system: icoIssuer(s.id), asset: s.token, amount: -a.tokens },
          { accountId: c.account_id, book: 'cash', asset: s.token, amount: a.tokens },
        ],
      });
    await insertMessage(tx, {
      userId: c.user_id,
      kind: 'ico',
      eventKey: `ico:distributed:${c.id}`,
      textKey: 'icoDistributed',
      params: {
        token: s.token,
        tokens: formatMinor(a.tokens, s.token_decimals),
        spent: usdt(a.cost),
        refunded: usdt(a.refund),
      },
      link: ROUTE_PATHS['coinICO.applyList'],
      now,
    });
  }
  return result;
}

export interface DistributionRun {
  sale: SaleRow;
  commitments: number;
}

/** Runs the distribution of a closed sale, once (a second run is refused: the first result stands). */
export async function distributeSale(
  db: Db,
  actor: Actor,
  id: number,
  now: number,
): Promise<DistributionRun> {
  return inTx(
    db,
    async (tx) => {
      const before = await mustFind(tx, id);
      if (before.phase !== 'open')
        throw new IcoOperatorError('alreadyDistributed', `sale ${id} was distributed already`);
      if (now < before.closes_at)
        throw new IcoOperatorError('stillSubscribing', `sale ${id} is open until ${before.closes_at}`);
      const claimed = await tx
        .updateTable('ico_sales')
        .set({ phase: 'distributed', distributed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('phase', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!claimed) throw new IcoOperatorError('alreadyDistributed', `sale ${id} was distributed already`);
      const rows = await tx
        .selectFrom('ico_commitments as c')
        .innerJoin('accounts as a', 'a.id', 'c.account_id')
        .selectAll('c')
        .select('a.type as kind')
        .where('c.sale_id', '=', id)
        .where('c.state', '=', 'committed')
        .orderBy('c.id')
        .execute();
      const real = await distributePool(
        tx,
        claimed,
        rows.filter((r) => r.kind !== 'demo'),
        now,
      );
      const demo = await distributePool(
        tx,
        claimed,
        rows.filter((r) => r.kind === 'demo'),
        now,
      );
      const committed = rows.filter((r) => r.kind !== 'demo').reduce((t, r) => t + r.amount, 0n);
      const after = await tx
        .updateTable('ico_sales')
        .set({ sold_tokens: real.sold, committed_usdt: committed })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(tx, {
        actor,
        action: 'ico.distribute',
        subjectType: 'ico_sale',
        subjectId: id,
        before,
        after: {
          ...after,
          oversubscribed: real.oversubscribed,
          wanted: real.wanted,
          demo: { sold: demo.sold, wanted: demo.wanted, oversubscribed: demo.oversubscribed },
        },
        now,
      });
      return { sale: after, commitments: rows.length };
    },
    READ_COMMITTED,
  );
}

/** Lists a distributed sale's token on or after listAt; each holder is told. */
export async function listSale(db: Db, actor: Actor, id: number, now: number): Promise<SaleRow> {
  return inTx(
    db,
    async (tx) => {
      const before = await mustFind(tx, id);
      if (before.phase !== 'distributed')
        throw new IcoOperatorError(
          'notDistributed',
          `sale ${id} is ${before.phase === 'listed' ? 'listed already' : 'not distributed yet'}`,
        );
      if (now < before.list_at)
        throw new IcoOperatorError('tooEarly', `sale ${id} lists at ${before.list_at}`);
      const claimed = await tx
        .updateTable('ico_sales')
        .set({ phase: 'listed', listed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('phase', '=', 'distributed')
        .returningAll()
        .executeTakeFirst();
      if (!claimed) throw new IcoOperatorError('notDistributed', `sale ${id} is listed already`);
      const holders = await tx
        .selectFrom('ico_commitments')
        .select(['id', 'user_id', 'won_tokens'])
        .where('sale_id', '=', id)
        .where('won_tokens', '>', 0n)
        .orderBy('id')
        .execute();
      for (const h of holders)
        await insertMessage(tx, {
          userId: h.user_id,
          kind: 'ico',
          eventKey: `ico:listed:${h.id}`,
          textKey: 'icoListed',
          params: {
            token: claimed.token,
            pair: pairOf(claimed.token),
            tokens: formatMinor(h.won_tokens, claimed.token_decimals),
          },
          link: `${ROUTE_PATHS['coin.coinKline']}?symbol=${encodeURIComponent(pairOf(claimed.token))}`,
          now,
        });
      await recordAudit(tx, {
        actor,
        action: 'ico.list',
        subjectType: 'ico_sale',
        subjectId: id,
        before,
        after: claimed,
        now,
      });
      return claimed;
    },
    READ_COMMITTED,
  );
}
