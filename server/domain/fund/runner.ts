// The fund runner (leader only, beside the robot runner): on the market's steps it (1) settles every pool at
// each new PSX close (close.ts: the NAV stored, pending requests converted), and (2) while PSX is open,
// rebalances each pool to its basket every REBALANCE_MS of feed time through the robots' order placement
// (robot/place.ts: market orders in the pool's own account, client order id `f<pool>.<ts>-<n>.rebalance`).
// Steps that arrive while a pass runs are merged.
import { lastPriceMinor } from '../market/last-price.ts';
import type { Db } from '../../db/database.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { placeStrategyOrder } from '../robot/place.ts';
import type { RunnerLog } from '../robot/runner.ts';
import type { TradingEngine } from '../trading/engine.ts';
import { rebalance } from './basket.ts';
import { settleClose } from './close.ts';
import type { Dealing } from './dealing.ts';
import { cashFor } from './nav.ts';
import { allPools, basketOf } from './pools.ts';
import { poolBooks, valuePool } from './valuation.ts';

export const REBALANCE_MS = 30 * 60_000;

export class FundRunner {
  private lastClose = 0;
  private rebalanced = new Map<number, number>();
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
      if (ts - last < REBALANCE_MS) continue;
      this.rebalanced.set(p.id, ts);
      try {
        await this.rebalancePool(p, ts);
      } catch (err) {
        this.log.error({ err, pool: p.id }, 'funds: rebalance failed');
      }
    }
  }

  private async rebalancePool(p: Awaited<ReturnType<typeof allPools>>[number], ts: number): Promise<void> {
    const books = await poolBooks(this.db, p.account_id);
    const v = await valuePool(this.db, p, p.fund, this.price);
    const pendingRedeem = await this.db
      .selectFrom('fund_orders')
      .select('units')
      .where('pool_id', '=', p.id)
      .where('side', '=', 'redeem')
      .where('state', '=', 'pending')
      .execute();
    const reserve = cashFor(
      pendingRedeem.reduce((s, r) => s + r.units, 0n),
      v.nav,
    );
    const actions = rebalance({
      cash: books.cash,
      reserve,
      cashBps: p.fund.cash_bps,
      targets: basketOf(p.fund).map((w) => ({
        symbol: w.symbol,
        weightBps: w.weightBps,
        price: this.price(w.symbol),
        held: books.shares.get(w.symbol) ?? 0n,
        sellable: books.sellable.get(w.symbol) ?? 0n,
      })),
    });
    for (const a of actions) {
      this.seq++;
      try {
        await placeStrategyOrder(this.engine, {
          accountId: p.account_id,
          symbol: a.symbol,
          side: a.side,
          qty: a.qty,
          clientOrderId: `f${p.id}.${ts}-${this.seq}.rebalance`,
          now: ts,
        });
      } catch (err) {
        this.log.warn({ err, pool: p.id, action: a }, 'funds: order refused');
      }
    }
  }
}
