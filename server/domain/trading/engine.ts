// The trading engine of one app: places and cancels orders, matches resting limit orders against the
// simulated prints of every feed step, and tells listeners (the private WebSocket channel) which accounts
// changed. Matching rule: a resting buy at L fills against each new print at price ≤ L (a sell: ≥ L), at the
// print's price, for up to the print's quantity; every resting order sees every print (the simulator's tape
// does not know our orders, so one print can fill several of them). Oldest orders are matched first.
// Limit orders are DAY orders (day-orders.ts): the first pass after a PSX close, the start of the engine (the
// server may have been down at the close) and the close timer (day-order-timer.ts, for a stalled feed) cancel
// what is still open with the reason 'trade.expired'; whichever comes first does it, the others find nothing.
import type { RawDb as Db } from '../../db/database.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { LedgerError } from '../ledger/ledger-repo.sync.ts';
import { parseMinor } from '../../../contract/money.ts';
import { crosses } from './book-walk.ts';
import { expireDayOrders, lastPsxClose } from './day-orders.ts';
import type { FeeConfig } from './fees.ts';
import { applyFill, cancelOrder } from './fills.ts';
import type { TradeMarket } from './market-port.ts';
import { openOrdersFor, orderById, type OrderRow } from './orders-repo.ts';
import { cancelOpenOrder, placeOrder, type PlaceInput, type PlaceResult } from './place-order.ts';
import { releaseDueLocks, type ReleasedLock } from './t-plus-one.ts';

export interface AccountChange {
  accountId: number;
  /** orders placed, filled or ended by this change (empty for a T+1 release) */
  orders: OrderRow[];
  /** symbols whose T+1 locked shares became sellable (no order changed them) */
  released?: string[];
}
export type ChangeListener = (change: AccountChange) => void;

/** The part of a pino / Fastify logger the engine writes to. */
export interface EngineLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const SILENT: EngineLog = { warn: () => undefined, error: () => undefined };

/** Why an order ended when the ledger refused one of its fills (a key of locales/errors.json). */
export const FILL_REFUSED_REASON = 'trade.insufficient';

const RELEASE_EVERY_MS = 60_000;

export interface EngineOptions {
  /** PSX_ALWAYS_OPEN: the market never closes, so DAY orders never expire while it is set */
  psxAlwaysOpen?: boolean;
}

export class TradingEngine {
  private readonly listeners = new Set<ChangeListener>();
  private lastRelease = 0;
  /** the latest PSX close whose DAY orders have been ended (-Infinity: not looked yet) */
  private expiredThrough = Number.NEGATIVE_INFINITY;
  private readonly alwaysOpen: boolean;
  private reportError: (err: unknown) => void = () => undefined;

  constructor(
    readonly db: Db,
    readonly market: TradeMarket,
    readonly fees: FeeConfig,
    private readonly log: EngineLog = SILENT,
    opts: EngineOptions = {},
  ) {
    this.alwaysOpen = opts.psxAlwaysOpen ?? false;
  }

  /**
   * Starts matching on the feed's steps; returns the function that stops it. A failing pass is reported, never
   * thrown: the feed's other listeners (the market socket) and its timer must keep running.
   */
  attach(source: Pick<MarketSource, 'subscribe'>, onError: (err: unknown) => void): () => void {
    this.reportError = onError;
    // Orders left open by a close the server did not see (it was down) end now, not on the first feed step.
    try {
      this.expireDue(this.market.now());
    } catch (err) {
      onError(err);
    }
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
    // Locks due now are released first, and pushed, so the order's own change is not the only news.
    this.releaseDue(input.accountId, input.now);
    const r = placeOrder(this.db, this.market, this.fees, input);
    if (r.created) this.emit([r.order]);
    return r;
  }

  /**
   * Releases the T+1 locks due at `now` (of one account, or of all) and tells the listeners which symbols
   * changed, so an open positions screen moves shares from locked to available without a reload.
   */
  releaseDue(accountId: number | null, now: number): void {
    const released = this.db.transaction(() => releaseDueLocks(this.db, accountId, now)).immediate();
    this.emitReleased(released);
  }

  /**
   * Ends the DAY orders the latest PSX close at or before `now` left open (every account) and tells the
   * listeners, like a cancel. Idempotent: an ended order is no longer open, so a second pass finds nothing.
   */
  expireDue(now: number): OrderRow[] {
    if (this.alwaysOpen) return [];
    const ended = this.keepingCloseOnFailure(() => this.db.transaction(() => this.expireIn(now)).immediate());
    this.emit(ended);
    return ended;
  }

  /**
   * expireDue when a PSX close has passed that no pass has handled yet (the close timer's call): otherwise no
   * database access at all, so a close already handled by a feed step is not handled twice.
   */
  expireIfDue(now: number): OrderRow[] {
    return this.closeDue(now) ? this.expireDue(now) : [];
  }

  /** A failed pass must leave its close due, so that the next pass (a step or the timer) tries again. */
  private keepingCloseOnFailure<T>(pass: () => T): T {
    const through = this.expiredThrough;
    try {
      return pass();
    } catch (err) {
      this.expiredThrough = through;
      throw err;
    }
  }

  /** True when a PSX close has passed that no pass has looked at yet (no database access). */
  private closeDue(now: number): boolean {
    if (this.alwaysOpen) return false;
    const close = lastPsxClose(now);
    return close !== null && close > this.expiredThrough;
  }

  private expireIn(now: number): OrderRow[] {
    const close = this.alwaysOpen ? null : lastPsxClose(now);
    if (close === null) return [];
    if (close > this.expiredThrough) this.expiredThrough = close;
    return expireDayOrders(this.db, close, now);
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
        .map((t) => ({ price: parseMinor(t.p, 2), qty: parseMinor(t.q, 0) }))
        .filter((t): t is { price: bigint; qty: bigint } => t.price !== null && t.qty !== null && t.qty > 0n);
      if (list.length) prints.set(u.symbol, list);
    }
    const releaseDue = tick.ts - this.lastRelease >= RELEASE_EVERY_MS;
    // Expiry runs on the first step after a close, and again on every release pass (a failed pass retries).
    const expireDue = releaseDue || this.closeDue(tick.ts);
    // Most steps touch no resting order: a read, no write lock.
    if (!expireDue && (prints.size === 0 || openOrdersFor(this.db, [...prints.keys()]).length === 0)) return;
    const touched: OrderRow[] = [];
    let released: ReleasedLock[] = [];
    this.keepingCloseOnFailure(() =>
      this.db
        .transaction(() => {
          // Before matching: an order the close ended must not fill on a print of the same step.
          if (expireDue) touched.push(...this.expireIn(tick.ts));
          if (releaseDue) {
            this.lastRelease = tick.ts;
            released = releaseDueLocks(this.db, null, tick.ts);
          }
          for (const order of openOrdersFor(this.db, [...prints.keys()])) {
            if (order.type !== 'limit') continue;
            const after = this.matchOrder(order, prints.get(order.symbol) ?? [], tick.ts);
            if (after) touched.push(after);
          }
        })
        .immediate(),
    );
    this.emitReleased(released);
    if (touched.length) this.emit(touched);
  }

  /**
   * Fills one resting order against the prints, each fill in its own savepoint; returns the order when it
   * changed. A fill the ledger refuses (e.g. a sell whose fees exceed its proceeds and the cash left) is rolled
   * back alone, logged, and ends the order with that reason, giving back what it still holds: resting on would
   * fail on every print while showing the user an order that can never fill. Earlier fills of the same pass
   * stand. Any other failure is logged and leaves the order resting as the database has it.
   */
  private matchOrder(order: OrderRow, prints: ReadonlyArray<{ price: bigint; qty: bigint }>, now: number) {
    let current = order;
    let changed = false;
    for (const p of prints) {
      const left = current.qty - current.filledQty;
      if (left <= 0n) break;
      if (!crosses(current.side, current.price, p.price)) continue;
      const qty = p.qty < left ? p.qty : left;
      try {
        this.db.transaction(() => {
          applyFill(this.db, current, { qty, price: p.price, fromFrozen: true, now }, this.fees);
        })();
        changed = true;
      } catch (err) {
        // applyFill mutated the row object before the savepoint rolled back: the database is the truth.
        const saved = orderById(this.db, current.id);
        if (!saved) throw err;
        current = saved;
        const ctx = {
          orderId: current.id,
          accountId: current.accountId,
          symbol: current.symbol,
          side: current.side,
          qty: qty.toString(),
          price: p.price.toString(),
        };
        if (!(err instanceof LedgerError)) {
          this.log.error({ ...ctx, err }, 'trading: fill failed; the order keeps resting');
          return changed ? current : null;
        }
        this.log.warn(
          { ...ctx, reason: err.reason, detail: err.message },
          'trading: ledger refused a fill; the order is ended and its frozen remainder released',
        );
        this.db.transaction(() => cancelOrder(this.db, current, now, FILL_REFUSED_REASON))();
        return current;
      }
    }
    return changed ? current : null;
  }

  private emitReleased(released: readonly ReleasedLock[]): void {
    if (released.length === 0 || this.listeners.size === 0) return;
    const byAccount = new Map<number, Set<string>>();
    for (const r of released)
      byAccount.set(r.accountId, (byAccount.get(r.accountId) ?? new Set()).add(r.symbol));
    for (const [accountId, symbols] of byAccount)
      this.notify({ accountId, orders: [], released: [...symbols] });
  }

  private emit(orders: OrderRow[]): void {
    if (this.listeners.size === 0) return;
    const byAccount = new Map<number, OrderRow[]>();
    for (const o of orders) byAccount.set(o.accountId, [...(byAccount.get(o.accountId) ?? []), o]);
    for (const [accountId, list] of byAccount) this.notify({ accountId, orders: list });
  }

  private notify(change: AccountChange): void {
    for (const l of this.listeners) {
      // The change is committed: a failing listener (a socket) must not turn it into an error answer.
      try {
        l(change);
      } catch (err) {
        this.reportError(err);
      }
    }
  }
}
