// The fund runner (leader only, beside the robot runner): on the market's steps it (1) settles every pool at
// each new PSX close (close.ts: the NAV stored, pending requests converted), and (2) while PSX is open,
// rebalances each pool to its basket every REBALANCE_MS of feed time through the robots' order placement
// (robot/place.ts: market orders in the pool's own account, client order id `f<pool>.<ts>-<n>.rebalance`), and
// (3) between rebalances, every SHORTFALL_MS, sells what pending redemptions owe beyond the pool's cash
// (basket.ts raiseCash, `…raise`), so a redemption larger than the cash is paid at its own close rather than
// waiting for a rebalance that may come after it. Steps that arrive while a pass runs are merged.
import { lastPriceMinor } from '../market/last-price.ts';
import type { Db } from '../../db/database.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { placeStrategyOrder } from '../robot/place.ts';
import type { RunnerLog } from '../robot/runner.ts';
import type { TradingEngine } from '../trading/engine.ts';
import { raiseCash, rebalance, type BasketView } from './basket.ts';
import { settleClose } from './close.ts';
import type { Dealing } from './dealing.ts';
import { cashFor } from './nav.ts';
import { allPools, basketOf } from './pools.ts';
import { poolBooks, valuePool } from './valuation.ts';

export const REBALANCE_MS = 30 * 60_000;
/** How often, between rebalances, a pool's cash is checked against what pending redemptions owe. */
export const SHORTFALL_MS = 60_000;

export class FundRunner {
  private lastClose = 0;
  private rebalanced = new Map<number, number>();
  private checked = new Map<number, number>();
  private pending: number | null = null;
  private running: Promise<void> | null = null;
  private seq = 0;
  active = false;

  constructor(
    private readonly db: Db,
    private readonly market: Pick<MarketSource, 'ticker' | 'session'>,
    private readonly engine: Pick<TradingEngine, 'place'>,
    private readonly log: RunnerLog,
    readonly dealing: Dealing,
  ) {}

  price = (symbol: string): bigint => lastPriceMinor(this.market, symbol);

  onTick(tick: MarketTick): void {
    if (!this.active) return;
    this.pending = tick.ts;
    if (!this.running) this.running = this.loop().finally(() => (this.running = null));
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  reset(): void {
    this.lastClose = 0;
    this.rebalanced.clear();
    this.checked.clear();
  }

  private async loop(): Promise<void> {
    while (this.pending !== null && this.active) {
      const ts = this.pending;
      this.pending = null;
      try {
        await this.pass(ts);
      } catch (err) {
        this.log.error({ err }, 'funds: pass failed');
      }
    }
  }

  /** One pass at feed time `ts` (tests call it with a time after a close to make that close happen). */
  async pass(ts: number): Promise<void> {
    const pools = await allPools(this.db);
    const close = this.dealing.last(ts) ?? 0;
    if (close > this.lastClose) {
      for (const p of pools) {
        try {
          await settleClose(this.db, p.id, p.fund, close, this.price, ts);
        } catch (err) {
          this.log.error({ err, pool: p.id }, 'funds: close failed');
        }
      }
      this.lastClose = close;
    }
    if (this.market.session('psx', ts) !== 'open') return;
    for (const p of pools) {
      if (p.units === 0n) continue;
      const last = this.rebalanced.get(p.id) ?? 0;
      const due = ts - last >= REBALANCE_MS;
      if (!due && ts - (this.checked.get(p.id) ?? 0) < SHORTFALL_MS) continue;
      this.checked.set(p.id, ts);
      if (due) this.rebalanced.set(p.id, ts);
      try {
        await this.tradePool(p, ts, due ? 'rebalance' : 'raise');
      } catch (err) {
        this.log.error({ err, pool: p.id }, 'funds: rebalance failed');
      }
    }
  }

  /** Rebalances the pool to its basket, or only raises the cash its pending redemptions need. */
  private async tradePool(
    p: Awaited<ReturnType<typeof allPools>>[number],
    ts: number,
    mode: 'rebalance' | 'raise',
  ): Promise<void> {
    const pendingRedeem = await this.db
      .selectFrom('fund_orders')
      .select('units')
      .where('pool_id', '=', p.id)
      .where('side', '=', 'redeem')
      .where('state', '=', 'pending')
      .execute();
    const owedUnits = pendingRedeem.reduce((s, r) => s + r.units, 0n);
    if (mode === 'raise') {
      if (owedUnits === 0n) return;
      // sells still working will bring cash the books do not show yet: never sell for the same shortfall twice
      const working = await this.db
        .selectFrom('stock_orders')
        .select('id')
        .where('account_id', '=', p.account_id)
        .where('status', 'in', ['pending', 'partial'])
        .executeTakeFirst();
      if (working) return;
    }
    const books = await poolBooks(this.db, p.account_id);
    const v = await valuePool(this.db, p, p.fund, this.price);
    const view: BasketView = {
      cash: books.cash,
      reserve: cashFor(owedUnits, v.nav),
      cashBps: p.fund.cash_bps,
      targets: basketOf(p.fund).map((w) => ({
        symbol: w.symbol,
        weightBps: w.weightBps,
        price: this.price(w.symbol),
        held: books.shares.get(w.symbol) ?? 0n,
        sellable: books.sellable.get(w.symbol) ?? 0n,
      })),
    };
    const actions = mode === 'rebalance' ? rebalance(view) : raiseCash(view);
    for (const a of actions) {
      this.seq++;
      try {
        await placeStrategyOrder(this.engine, {
          accountId: p.account_id,
          symbol: a.symbol,
          side: a.side,
          qty: a.qty,
          clientOrderId: `f${p.id}.${ts}-${this.seq}.${mode}`,
          now: ts,
        });
      } catch (err) {
        this.log.warn({ err, pool: p.id, action: a }, 'funds: order refused');
      }
    }
  }
}
