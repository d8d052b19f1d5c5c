// The spot engine of one app (issue 16): places and cancels spot orders, fills resting limit orders against the
// simulated crypto prints of every feed step, and tells listeners which accounts changed, after the commit.
// Same rules as the stock engine (trading/engine.ts): a resting buy at L fills against each print ≤ L (a sell
// ≥ L) at the print's price, up to the print's quantity, oldest order first, every order sees every print; each
// fill in its own savepoint (a fill the ledger refuses ends the order, earlier fills stand); passes run one at
// a time, steps arriving meanwhile are merged into the next pass (step-queue.ts). Spot orders never expire
// (GTC: crypto trades around the clock). Matching runs only where this node leads (server/plugins/spot.ts).
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { parseMinor } from '../../../contract/money.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { LedgerError } from '../ledger/post.ts';
import { lockAccounts } from '../ledger/locks.ts';
import type { ChangeListener, EngineLog } from '../trading/engine.ts';
import { mergeSteps, type Print, type Step } from '../trading/feed-step.ts';
import type { TradeMarket } from '../trading/market-port.ts';
import { inSavepoint, mustRerun } from '../trading/savepoint.ts';
import { CoalescingQueue } from '../trading/step-queue.ts';
import { applySpotFill, endSpotOrder, type SpotPair } from './spot-fills.ts';
import { openSpotOrdersFor, spotOrderById, type SpotOrderRow } from './spot-orders-repo.ts';
import { spotConfig, spotPair, type SpotConfig } from './spot-pairs.ts';
import {
  cancelSpotOrder,
  placeSpotOrder,
  type SpotPlaceInput,
  type SpotPlaceResult,
} from './place-spot-order.ts';
import { spotCrosses } from './spot-walk.ts';

const SILENT: EngineLog = { warn: () => undefined, error: () => undefined };

/** Why an order ended when the ledger refused one of its fills. */
export const SPOT_FILL_REFUSED = 'spot.insufficient';

/** The crypto prints of a feed step in each pair's units. */
export function spotStepOf(tick: MarketTick, market: Pick<TradeMarket, 'instrument'>): Step {
  const prints = new Map<string, Print[]>();
  for (const u of tick.updates) {
    if (u.market !== 'crypto' || u.trades.length === 0) continue;
    const ins = market.instrument(u.symbol);
    if (!ins) continue;
    const list = u.trades
      .map((t) => ({ price: parseMinor(t.p, ins.priceDecimals), qty: parseMinor(t.q, ins.qtyDecimals) }))
      .filter((t): t is Print => t.price !== null && t.qty !== null && t.qty > 0n && t.price > 0n);
    if (list.length) prints.set(u.symbol, [...(prints.get(u.symbol) ?? []), ...list]);
  }
  return { ts: tick.ts, prints };
}

export class SpotEngine {
  private readonly listeners = new Set<ChangeListener>();
  private reportError: (err: unknown) => void = () => undefined;
  private readonly steps = new CoalescingQueue<Step>(mergeSteps, (step) => this.pass(step));

  constructor(
    readonly db: Db,
    readonly market: TradeMarket,
    private readonly log: EngineLog = SILENT,
  ) {}

  /** Starts matching on the feed's steps; resolves to the function that stops it. */
  attach(source: Pick<MarketSource, 'subscribe'>, onError: (err: unknown) => void): () => void {
    this.reportError = onError;
    let reported: Promise<void> | undefined;
    return source.subscribe((tick) => {
      const pass = this.onTick(tick);
      if (pass !== reported) {
        reported = pass;
        pass.catch(onError);
      }
    });
  }

  idle(): Promise<void> {
    return this.steps.idle();
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  config(): Promise<SpotConfig> {
    return spotConfig(this.db);
  }

  async place(input: SpotPlaceInput): Promise<SpotPlaceResult> {
    const r = await placeSpotOrder(this.db, this.market, await this.config(), input);
    if (r.created) this.emit([r.order]);
    return r;
  }

  async cancel(accountId: number, orderId: number, now: number): Promise<SpotOrderRow> {
    const order = await cancelSpotOrder(this.db, this.market, accountId, orderId, now);
    this.emit([order]);
    return order;
  }

  onTick(tick: MarketTick): Promise<void> {
    return this.steps.push(spotStepOf(tick, this.market));
  }

  /**
   * Fills resting limit orders crossed by this step's prints, in one transaction: the accounts of the crossing
   * orders are locked first, then the orders are read again under those locks (a cancel or a placement of the
   * same account is wholly before or after the pass). An order placed meanwhile waits for the next pass.
   */
  private async pass(step: Step): Promise<void> {
    const symbols = [...step.prints.keys()];
    if (symbols.length === 0) return;
    const crossing = (await openSpotOrdersFor(this.db, symbols)).filter(
      (o) =>
        o.type === 'limit' &&
        (step.prints.get(o.symbol) ?? []).some((p) => spotCrosses(o.side, o.price, p.price)),
    );
    if (crossing.length === 0) return;
    const cfg = await this.config();
    const logs: Array<() => void> = [];
    const touched = await inTx(
      this.db,
      async (tx) => {
        logs.length = 0;
        const accounts = new Set(crossing.map((o) => o.accountId));
        await lockAccounts(tx, accounts);
        const out: SpotOrderRow[] = [];
        for (const order of await openSpotOrdersFor(tx, symbols)) {
          if (order.type !== 'limit' || !accounts.has(order.accountId)) continue;
          const after = await this.matchOrder(
            tx,
            order,
            step.prints.get(order.symbol) ?? [],
            step.ts,
            cfg,
            logs,
          );
          if (after) out.push(after);
        }
        return out;
      },
      { isolation: 'read committed' },
    );
    for (const write of logs) write();
    if (touched.length) this.emit(touched);
  }

  private async matchOrder(
    tx: Db,
    order: SpotOrderRow,
    prints: readonly Print[],
    now: number,
    cfg: SpotConfig,
    logs: Array<() => void>,
  ): Promise<SpotOrderRow | null> {
    let pair: SpotPair;
    try {
      pair = spotPair(this.market, order.symbol);
    } catch {
      return null;
    }
    let current = order;
    let changed = false;
    for (const p of prints) {
      const left = current.qty - current.filledQty;
      if (left <= 0n) break;
      if (!spotCrosses(current.side, current.price, p.price)) continue;
      const qty = p.qty < left ? p.qty : left;
      try {
        await inSavepoint(tx, 'spot_fill', () =>
          applySpotFill(tx, current, pair, { qty, price: p.price, maker: true, fromFrozen: true, now }, cfg),
        );
        changed = true;
      } catch (err) {
        if (mustRerun(err)) throw err;
        const saved = await spotOrderById(tx, current.id);
        if (!saved) throw err;
        current = saved;
        const ctx = {
          orderId: current.id,
          accountId: current.accountId,
          symbol: current.symbol,
          qty: `${qty}`,
        };
        if (!(err instanceof LedgerError)) {
          logs.push(() => this.log.error({ ...ctx, err }, 'spot: fill failed; the order keeps resting'));
          return changed ? current : null;
        }
        logs.push(() =>
          this.log.warn({ ...ctx, reason: err.reason }, 'spot: ledger refused a fill; the order is ended'),
        );
        return endSpotOrder(tx, current, pair, now, SPOT_FILL_REFUSED);
      }
    }
    return changed ? current : null;
  }

  private emit(orders: SpotOrderRow[]): void {
    if (this.listeners.size === 0) return;
    const byAccount = new Map<number, SpotOrderRow[]>();
    for (const o of orders) byAccount.set(o.accountId, [...(byAccount.get(o.accountId) ?? []), o]);
    for (const [accountId, spot] of byAccount) {
      for (const l of this.listeners) {
        try {
          const r = l({ accountId, orders: [], spot });
          if (r instanceof Promise) r.catch((err: unknown) => this.reportError(err));
        } catch (err) {
          this.reportError(err);
        }
      }
    }
  }
}
