// The trading engine of one app: places and cancels orders, matches resting limit orders against the
// simulated prints of every feed step, and tells listeners (the private WebSocket channel) which accounts
// changed. Matching rule: a resting buy at L fills against each new print at price ≤ L (a sell: ≥ L), at the
// print's price, for up to the print's quantity; every resting order sees every print (the simulator's tape
// does not know our orders, so one print can fill several of them). Oldest orders are matched first.
import type { Db } from '../../db/open-db.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { parseMinorUnits } from '../ledger/money.ts';
import { crosses } from './book-walk.ts';
import type { FeeConfig } from './fees.ts';
import { applyFill } from './fills.ts';
import type { TradeMarket } from './market-port.ts';
import { openOrdersFor, type OrderRow } from './orders-repo.ts';
import { cancelOpenOrder, placeOrder, type PlaceInput, type PlaceResult } from './place-order.ts';
import { releaseDueLocks } from './t-plus-one.ts';

export interface AccountChange {
  accountId: number;
  orders: OrderRow[];
}
export type ChangeListener = (change: AccountChange) => void;

const RELEASE_EVERY_MS = 60_000;

export class TradingEngine {
  private readonly listeners = new Set<ChangeListener>();
  private lastRelease = 0;
  private reportError: (err: unknown) => void = () => undefined;

  constructor(
    readonly db: Db,
    readonly market: TradeMarket,
    readonly fees: FeeConfig,
  ) {}

  /**
   * Starts matching on the feed's steps; returns the function that stops it. A failing pass is reported, never
   * thrown: the feed's other listeners (the market socket) and its timer must keep running.
   */
  attach(source: Pick<MarketSource, 'subscribe'>, onError: (err: unknown) => void): () => void {
    this.reportError = onError;
    return source.subscribe((tick) => {
      try {
        this.onTick(tick);
      } catch (err) {
        onError(err);
      }
    });
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  place(input: PlaceInput): PlaceResult {
    const r = placeOrder(this.db, this.market, this.fees, input);
    if (r.created) this.emit([r.order]);
    return r;
  }

  cancel(accountId: number, orderId: number, now: number): OrderRow {
    const order = cancelOpenOrder(this.db, accountId, orderId, now);
    this.emit([order]);
    return order;
  }

  /** Fills resting limit orders crossed by this step's prints; one transaction per step. */
  onTick(tick: MarketTick): void {
    const prints = new Map<string, Array<{ price: bigint; qty: bigint }>>();
    for (const u of tick.updates) {
      if (u.market !== 'psx' || u.trades.length === 0) continue;
      const list = u.trades
        .map((t) => ({ price: parseMinorUnits(t.p, 2), qty: parseMinorUnits(t.q, 0) }))
        .filter((t): t is { price: bigint; qty: bigint } => t.price !== null && t.qty !== null && t.qty > 0n);
      if (list.length) prints.set(u.symbol, list);
    }
    const releaseDue = tick.ts - this.lastRelease >= RELEASE_EVERY_MS;
    // Most steps touch no resting order: a read, no write lock.
    if (!releaseDue && (prints.size === 0 || openOrdersFor(this.db, [...prints.keys()]).length === 0)) return;
    const touched: OrderRow[] = [];
    this.db
      .transaction(() => {
        if (releaseDue) {
          this.lastRelease = tick.ts;
          releaseDueLocks(this.db, null, tick.ts);
        }
        for (const order of openOrdersFor(this.db, [...prints.keys()])) {
          if (order.type !== 'limit') continue;
          const before = order.filledQty;
          try {
            this.db.transaction(() => {
              for (const p of prints.get(order.symbol) ?? []) {
                const left = order.qty - order.filledQty;
                if (left <= 0n) break;
                if (!crosses(order.side, order.price, p.price)) continue;
                const qty = p.qty < left ? p.qty : left;
                applyFill(this.db, order, { qty, price: p.price, fromFrozen: true, now: tick.ts }, this.fees);
              }
            })();
          } catch {
            // A fill the ledger refuses (e.g. fees above a penny stock's proceeds with no cash) is skipped;
            // the savepoint rolled it back and the order keeps resting.
            continue;
          }
          if (order.filledQty !== before) touched.push(order);
        }
      })
      .immediate();
    if (touched.length) this.emit(touched);
  }

  private emit(orders: OrderRow[]): void {
    if (this.listeners.size === 0) return;
    const byAccount = new Map<number, OrderRow[]>();
    for (const o of orders) byAccount.set(o.accountId, [...(byAccount.get(o.accountId) ?? []), o]);
    for (const [accountId, list] of byAccount) {
      for (const l of this.listeners) {
        // The change is committed: a failing listener (a socket) must not turn it into an error answer.
        try {
          l({ accountId, orders: list });
        } catch (err) {
          this.reportError(err);
        }
      }
    }
  }
}
