// Fund rows → the wire shapes of contract/fund.ts, in the caller's language, for the caller's account kind.
import { formatMinor } from '../../../contract/money.ts';
import type { FundNavPoint, FundOrder, FundProduct } from '../../../contract/fund.ts';
import type { Db } from '../../db/database.ts';
import { pctText } from '../robot/metrics.ts';
import type { Translate } from '../robot/products.ts';
import { cashFor, changeBps, navPerUnit, UNIT_DECIMALS } from './nav.ts';
import type { Dealing } from './dealing.ts';
import { dealingClose, unitsOf, type FundOrderRow } from './orders.ts';
import { basketOf, findPool, type FundRow, type Kind } from './pools.ts';
import { managementFeeDue, valuePool } from './valuation.ts';

const DAY_MS = 86_400_000;

export interface ViewContext {
  db: Db;
  t: Translate;
  lang: string;
  now: number;
  kind: Kind;
  accountId: number | null;
  price: (symbol: string) => bigint;
  symbolName: (symbol: string) => string;
  dealing: Dealing;
}

const bpsPct = (bps: number): string => pctText(BigInt(bps));
const units = (u: bigint): string => formatMinor(u, UNIT_DECIMALS);

export async function navHistory(db: Db, poolId: number, limit = 500) {
  const rows = await db
    .selectFrom('fund_nav')
    .select(['t', 'nav', 'assets', 'units'])
    .where('pool_id', '=', poolId)
    .orderBy('t', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

export function toNavPoint(r: { t: number; nav: bigint; assets: bigint; units: bigint }): FundNavPoint {
  return { t: r.t, nav: formatMinor(r.nav, 2), assets: formatMinor(r.assets, 2), units: units(r.units) };
}

export async function toFundProduct(c: ViewContext, f: FundRow): Promise<FundProduct> {
  const pool = await findPool(c.db, f.id, c.kind);
  const date = new Intl.DateTimeFormat(c.lang, { dateStyle: 'medium', timeZone: 'Asia/Karachi' });
  const first = pool
    ? await c.db
        .selectFrom('fund_nav')
        .select(['t', 'nav'])
        .where('pool_id', '=', pool.id)
        .where('units', '>', 0n)
        .orderBy('t')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const last = pool
    ? await c.db
        .selectFrom('fund_nav')
        .select(['t', 'nav'])
        .where('pool_id', '=', pool.id)
        .orderBy('t', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const v = pool ? await valuePool(c.db, pool, f, c.price) : null;
  // Indicative: the books now, less the management fee accrued since the last close (charged at the next).
  const indicative =
    v && pool
      ? navPerUnit(v.assets - managementFeeDue(pool, f, v.assets, c.now), v.units, f.launch_nav)
      : f.launch_nav;
  const change = first && last ? changeBps(first.nav, last.nav) : null;
  const days = first && last ? Math.floor((last.t - first.t) / DAY_MS) : 0;
  const mine =
    pool && c.accountId !== null
      ? await unitsOf(c.db, pool.id, c.accountId, c.now)
      : { held: 0n, free: 0n, pendingRedeem: 0n, nextUnlock: null };
  const ur = c.lang.startsWith('ur');
  const basket = basketOf(f);
  return {
    id: f.id,
    code: f.code,
    name: ur ? f.name_ur : f.name_en,
    level: f.level,
    strategy: c.t('errors:fund.text.strategy', {
      symbols: basket.map((b) => b.symbol).join(', '),
      cash: bpsPct(f.cash_bps),
    }),
    basket: basket.map((b) => ({
      symbol: b.symbol,
      name: c.symbolName(b.symbol),
      weightPct: bpsPct(b.weightBps),
    })),
    cashPct: bpsPct(f.cash_bps),
    lockDays: f.lock_days,
    minSubscribe: formatMinor(f.min_subscribe, 2),
    singleLimit: formatMinor(f.single_limit, 2),
    entryFeePct: bpsPct(f.entry_fee_bps),
    managementFeePct: bpsPct(f.mgmt_fee_bps),
    nav: formatMinor(last?.nav ?? f.launch_nav, 2),
    navAt: last?.t ?? 0,
    indicativeNav: formatMinor(indicative, 2),
    nextCutoff: dealingClose(c.dealing, c.now),
    performance: {
      since: first?.t ?? 0,
      firstNav: formatMinor(first?.nav ?? f.launch_nav, 2),
      lastNav: formatMinor(last?.nav ?? f.launch_nav, 2),
      profitRatio: change === null ? '' : pctText(change),
      dailyReturnRate: change === null || days < 1 ? '' : pctText(change / BigInt(days)),
      note:
        first && last
          ? c.t('errors:fund.text.period', { from: date.format(first.t), to: date.format(last.t) })
          : c.t('errors:fund.text.noRecord'),
    },
    terms: [
      c.t('errors:fund.text.terms.forward'),
      c.t('errors:fund.text.terms.entryFee', { fee: bpsPct(f.entry_fee_bps) }),
      c.t('errors:fund.text.terms.managementFee', { fee: bpsPct(f.mgmt_fee_bps) }),
      c.t('errors:fund.text.terms.lockIn', { days: f.lock_days }),
      c.t('errors:fund.text.terms.rounding'),
      c.t('errors:fund.text.terms.simulated'),
      c.t('errors:fund.text.terms.risk'),
    ],
    myUnits: units(mine.held),
    myFreeUnits: units(mine.free),
    myPendingRedeem: units(mine.pendingRedeem),
    myValue: formatMinor(cashFor(mine.held, indicative), 2),
    myNextUnlock: mine.nextUnlock ?? 0,
  };
}

export function toFundOrder(o: FundOrderRow, f: FundRow, lang: string): FundOrder {
  return {
    id: o.id,
    fundId: f.id,
    fundName: lang.startsWith('ur') ? f.name_ur : f.name_en,
    side: o.side,
    state: o.state,
    amount: formatMinor(o.amount, 2),
    fee: formatMinor(o.fee, 2),
    units: units(o.units),
    nav: o.nav === null ? '' : formatMinor(o.nav, 2),
    dealAt: o.deal_at,
    lockUntil: o.lock_until ?? 0,
    createdAt: o.created_at,
    confirmedAt: o.confirmed_at ?? 0,
  };
}
