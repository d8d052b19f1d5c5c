// The token-sale tables (migration 240): reads, the state a sale shows (derived from the operator's phase and
// the clock, contract/ico.ts) and the wire shapes. USDT in micro-USDT, tokens in the token's smallest unit.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { findByClientId, newestFirstPage } from '../../db/owned-rows.ts';
import type { IcoCommitmentsTable, IcoSalesTable } from '../../db/schema.ts';
import { formatMinor, pow10 } from '../../../contract/money.ts';
import { ICO_RULE, type IcoCommitment, type IcoSale, type SaleState } from '../../../contract/ico.ts';
import { USDT_DECIMALS } from '../../../contract/spot-rules.ts';

export type SaleRow = Selectable<IcoSalesTable>;
export type CommitmentRow = Selectable<IcoCommitmentsTable>;
export type Pool = 'real' | 'demo';

export const pairOf = (token: string): string => `${token}USDT`;
export const usdt = (micro: bigint): string => formatMinor(micro, USDT_DECIMALS);

export function saleState(s: SaleRow, now: number): SaleState {
  if (s.phase === 'listed') return 'listed';
  if (s.phase === 'distributed') return 'distributed';
  if (now < s.opens_at) return 'upcoming';
  if (now < s.closes_at) return 'subscribing';
  return 'calculating';
}

export async function findSale(db: Db, id: number): Promise<SaleRow | undefined> {
  return db.selectFrom('ico_sales').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface SaleDemand {
  committed: bigint;
  committers: number;
}

/** USDT committed and committers so far per sale, in one pool (real accounts, or demo accounts). */
export async function saleDemand(
  db: Db,
  ids: readonly number[],
  pool: Pool,
): Promise<Map<number, SaleDemand>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('ico_commitments as c')
    .innerJoin('accounts as a', 'a.id', 'c.account_id')
    .select((eb) => [
      'c.sale_id',
      eb.fn.sum<bigint>('c.amount').as('amount'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('c.sale_id', 'in', ids)
    .where('a.type', pool === 'demo' ? '=' : '<>', 'demo')
    .groupBy('c.sale_id')
    .execute();
  return new Map(rows.map((r) => [r.sale_id, { committed: BigInt(r.amount), committers: Number(r.n) }]));
}

/** wanted ÷ offered, 2 decimals, truncated ('' when nothing is committed). */
function oversubscription(s: SaleRow, committed: bigint): string {
  if (committed === 0n) return '';
  const wanted = (committed * pow10(s.token_decimals)) / s.price;
  return formatMinor((wanted * 100n) / s.ico_tokens, 2);
}

export function toSale(s: SaleRow, demand: SaleDemand | undefined, now: number, ruleText: string): IcoSale {
  const d = demand ?? { committed: 0n, committers: 0 };
  return {
    id: s.id,
    token: s.token,
    pair: pairOf(s.token),
    nameEn: s.name_en,
    nameUr: s.name_ur,
    tokenDecimals: s.token_decimals,
    state: saleState(s, now),
    price: usdt(s.price),
    tokensOffered: formatMinor(s.ico_tokens, s.token_decimals),
    minCommit: usdt(s.ico_min),
    maxCommit: usdt(s.ico_cap),
    opensAt: s.opens_at,
    closesAt: s.closes_at,
    distributeAt: s.distributed_at ?? s.distribute_at,
    listAt: s.listed_at ?? s.list_at,
    summary: s.summary,
    committed: usdt(d.committed),
    committers: d.committers,
    oversubscription: oversubscription(s, d.committed),
    soldTokens: formatMinor(s.sold_tokens, s.token_decimals),
    distributedAt: s.distributed_at,
    listedAt: s.listed_at,
    rule: ICO_RULE,
    ruleText,
  };
}

export function toCommitment(c: CommitmentRow, s: SaleRow): IcoCommitment {
  const frozen = c.state === 'committed' ? c.amount : 0n;
  return {
    id: c.id,
    clientId: c.client_id,
    saleId: s.id,
    token: s.token,
    pair: pairOf(s.token),
    state: c.state,
    price: usdt(s.price),
    amount: usdt(c.amount),
    frozen: usdt(frozen),
    tokens: formatMinor(c.won_tokens, s.token_decimals),
    spent: usdt(c.spent_usdt),
    refunded: usdt(c.refunded_usdt),
    closesAt: s.closes_at,
    distributeAt: s.distributed_at ?? s.distribute_at,
    listAt: s.listed_at ?? s.list_at,
    listed: s.phase === 'listed',
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

export async function findCommitmentByClientId(
  db: Db,
  accountId: number,
  clientId: string,
): Promise<CommitmentRow | undefined> {
  return findByClientId(db, 'ico_commitments', 'account_id', accountId, clientId);
}

export async function listOwnCommitments(
  db: Db,
  accountId: number,
  q: { page: number; size: number },
): Promise<{ list: IcoCommitment[]; total: number }> {
  const base = db.selectFrom('ico_commitments').where('account_id', '=', accountId);
  const { rows, total } = await newestFirstPage(base, q);
  const ids = [...new Set(rows.map((r) => r.sale_id))];
  const sales =
    ids.length === 0 ? [] : await db.selectFrom('ico_sales').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(sales.map((s) => [s.id, s]));
  return { list: rows.map((r) => toCommitment(r, byId.get(r.sale_id)!)), total };
}
