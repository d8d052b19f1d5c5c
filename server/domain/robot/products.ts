// Robot products (migration 140): the rows, their tiers, and the wire form with the measured track record.
// Texts the server composes (terms, parameter labels) are in locales/*/errors.json under `robot.text.`.
import { sql } from 'kysely';
import type { RobotLevel, RobotProduct, RobotStrategy, RobotTrack } from '../../../contract/robot.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { RobotProductsTable } from '../../db/schema.ts';
import { bps, pctText, wholeDays } from './metrics.ts';

export type ProductRow = Selectable<RobotProductsTable>;

export interface Tier {
  level: number;
  min: bigint;
  max: bigint;
}

export type Translate = (key: string, params?: Readonly<Record<string, string | number>>) => string;

export function tiersOf(p: ProductRow): Tier[] {
  const raw = JSON.parse(p.levels_json) as { level: number; min: string; max: string }[];
  return raw.map((l) => ({
    level: l.level,
    min: parseMinor(l.min, 2) ?? 0n,
    max: parseMinor(l.max, 2) ?? 0n,
  }));
}

export function paramsOf(p: ProductRow): Record<string, unknown> {
  return JSON.parse(p.params_json) as Record<string, unknown>;
}

/** The tier a new order of `amount` falls in. */
export function tierFor(p: ProductRow, amount: bigint): Tier | undefined {
  return tiersOf(p).find((t) => amount >= t.min && amount <= t.max);
}

/** amount × bps ÷ 10 000, rounded up to the paisa (as the PSX fees are). */
export function feeOf(amount: bigint, feeBps: number): bigint {
  if (amount <= 0n || feeBps <= 0) return 0n;
  return (amount * BigInt(feeBps) + 9_999n) / 10_000n;
}

export const bpsText = (b: number): string => pctText(BigInt(b));

export async function listProducts(db: Db, strategy?: RobotStrategy): Promise<ProductRow[]> {
  let q = db.selectFrom('robot_products').selectAll().orderBy('id');
  if (strategy) q = q.where('strategy', '=', strategy);
  return q.execute();
}

export async function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  return db.selectFrom('robot_products').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The measured record of each product over its orders on accounts of `type` (real or demo): invested, and the
 * equity now (the latest snapshot) or what came back (ended).
 */
export async function tracksOf(
  db: Db,
  productIds: readonly number[],
  type: 'real' | 'demo',
  now: number,
): Promise<Map<number, RobotTrack>> {
  const out = new Map<number, RobotTrack>();
  if (productIds.length === 0) return out;
  const rows = await db
    .selectFrom('robot_orders as o')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .select([
      'o.product_id',
      'o.state',
      'o.invested',
      'o.capital',
      'o.returned',
      'o.started_at',
      (eb) =>
        eb
          .selectFrom('robot_equity as e')
          .select('e.equity')
          .whereRef('e.order_id', '=', 'o.id')
          .orderBy('e.id', 'desc')
          .limit(1)
          .as('equity'),
    ])
    .where('o.product_id', 'in', productIds)
    .where('a.type', '=', type)
    .execute();
  for (const id of productIds) {
    const mine = rows.filter((r) => r.product_id === id);
    const since = mine.length ? Math.min(...mine.map((r) => r.started_at)) : null;
    let invested = 0n;
    let value = 0n;
    for (const r of mine) {
      invested += r.invested;
      value += r.state === 'ended' ? r.returned : (r.equity ?? r.capital);
    }
    const net = value - invested;
    const days = since === null ? 0 : wholeDays(since, now);
    const ratio = bps(net, invested);
    out.set(id, {
      since,
      until: now,
      days,
      orders: mine.length,
      invested: formatMinor(invested, 2),
      netPnl: formatMinor(net, 2),
      profitRatio: mine.length ? pctText(ratio) : '',
      dailyReturnRate: mine.length && days > 0 ? pctText(ratio / BigInt(days)) : '',
    });
  }
  return out;
}

const PARAM_UNITS: Readonly<Record<string, 'pct' | 'min' | 'n'>> = {
  slices: 'n',
  intervalMin: 'min',
  dipPct: 'pct',
  takeProfitPct: 'pct',
  levels: 'n',
  stepPct: 'pct',
  fast: 'n',
  slow: 'n',
};

function paramValue(key: string, v: unknown, t: Translate): string {
  const unit = PARAM_UNITS[key] ?? 'n';
  if (unit === 'pct' && typeof v === 'number') return `${v.toFixed(2)} %`;
  if (unit === 'min') return t('errors:robot.text.minutes', { n: String(v) });
  return String(v);
}

export function toProduct(p: ProductRow, lang: string, t: Translate, track: RobotTrack): RobotProduct {
  const levels: RobotLevel[] = tiersOf(p).map((l) => ({
    level: l.level,
    name: t('errors:robot.text.level', { n: l.level }),
    min: formatMinor(l.min, 2),
    max: formatMinor(l.max, 2),
  }));
  const params = Object.entries(paramsOf(p)).map(([key, v]) => ({
    key,
    label: t(`errors:robot.text.param.${key}`),
    value: paramValue(key, v, t),
  }));
  const fees = {
    entry: bpsText(p.entry_fee_bps),
    perf: bpsText(p.perf_fee_bps),
    exit: bpsText(p.exit_fee_bps),
    days: p.lock_days,
    minAdd: formatMinor(p.min_add, 2),
    limit: formatMinor(p.single_limit, 2),
  };
  return {
    id: p.id,
    code: p.code,
    name: lang.startsWith('ur') ? p.name_ur : p.name_en,
    strategy: p.strategy,
    market: 'psx',
    symbol: p.symbol,
    description: t(`errors:robot.text.strategy.${p.strategy}`, { symbol: p.symbol }),
    params,
    levels,
    lockDays: p.lock_days,
    singleLimit: fees.limit,
    entryFeePct: fees.entry,
    performanceFeePct: fees.perf,
    earlyExitFeePct: fees.exit,
    minAdd: fees.minAdd,
    terms: [
      'entryFee',
      'tradingFees',
      'performanceFee',
      'earlyExit',
      'lockIn',
      'add',
      'singleLimit',
      'risk',
    ].map((k) => t(`errors:robot.text.terms.${k}`, fees)),
    riskNote: t('errors:robot.text.riskNote'),
    enabled: p.enabled === 1,
    track,
  };
}

/** Sum invested of the account's running and ending orders of a product (the single limit's measure). */
export async function openInvested(db: Db, accountId: number, productId: number): Promise<bigint> {
  const r = await db
    .selectFrom('robot_orders')
    .select(sql<bigint>`coalesce(sum(invested), 0)`.as('invested'))
    .where('account_id', '=', accountId)
    .where('product_id', '=', productId)
    .where('state', '<>', 'ended')
    .executeTakeFirst();
  return BigInt(r?.invested ?? 0n);
}
