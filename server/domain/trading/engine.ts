// The trading engine of one app: places and cancels orders, matches resting limit orders against the
// simulated prints of every feed step, and tells listeners (the private WebSocket channel) which accounts
// changed, always after the change committed. Matching rule: a resting buy at L fills against each new print at
// price ≤ L (a sell: ≥ L), at the print's price, for up to the print's quantity; every resting order sees every
// print (the simulator's tape does not know our orders, so one print can fill several of them). Oldest orders
// are matched first. Passes run one at a time (step-queue.ts): steps that arrive while a pass awaits the
// database are merged, prints and all, into the next pass.
// Limit orders are DAY orders (day-orders.ts): the first pass after a PSX close, the engine's attach at server
// start (it may have been down at the close) and the close timer
// (day-order-timer.ts, for a stalled feed) cancel what is still open with the reason 'trade.expired';
// whichever comes first does it, the others find nothing.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { LedgerError } from '../ledger/post.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { crosses } from './book-walk.ts';
import { expireDayOrders, lastPsxClose } from './day-orders.ts';
import type { FeeConfig } from './fees.ts';
import { applyFill, cancelOrder } from './fills.ts';
import type { TradeMarket } from './market-port.ts';
import { openLimitOrdersPlacedBefore, openOrdersFor, orderById, type OrderRow } from './orders-repo.ts';
import { cancelOpenOrder, placeOrder, type PlaceInput, type PlaceResult } from './place-order.ts';
import { inSavepoint, mustRerun } from './savepoint.ts';
import { mergeSteps, stepOf, type Print, type Step } from './feed-step.ts';
import { CoalescingQueue } from './step-queue.ts';
import type { SpotOrderRow } from '../spot/spot-orders-repo.ts';
import { dueLocks, releaseDueLocks, type ReleasedLock } from './t-plus-one.ts';

export interface AccountChange {
  accountId: number;
  /** orders placed, filled or ended by this change (empty for a T+1 release) */
  orders: OrderRow[];
  /** symbols whose T+1 locked shares became sellable (no order changed them) */
  released?: string[];
  /** spot orders placed, filled or ended by this change (server/domain/spot/spot-engine.ts) */
  spot?: SpotOrderRow[];
  /** the account's contract positions changed on the leader (liquidation, TP/SL, funding: issue 16) */
  perp?: true;
}
/** Hears committed changes; a returned promise that rejects is reported like a throw. */
export type ChangeListener = (change: AccountChange) => unknown;

/** The part of a pino / Fastify logger the engine writes to. */
export interface EngineLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const SILENT: EngineLog = { warn: () => undefined, error: () => undefined };

/** Why an order ended when the ledger refused one of its fills (a key of locales/errors.json). */
export const FILL_REFUSED_REASON = 'trade.insufficient';

const RELEASE_EVERY_MS = 60_000;

/** Whether a resting limit order crosses any of these prints (the pass may fill it). */
function crossesAny(o: OrderRow, prints: readonly Print[] | undefined): boolean {
  return o.type === 'limit' && (prints ?? []).some((p) => crosses(o.side, o.price, p.price));
}

export interface EngineOptions {
  /** PSX_ALWAYS_OPEN: the market never closes, so DAY orders never expire while it is set */
  psxAlwaysOpen?: boolean;
}

interface PassResult {
  touched: OrderRow[];
  released: ReleasedLock[];
  /** the close whose DAY orders this pass ended, if it looked */
  close: number | null;
}

export class TradingEngine {
  private readonly listeners = new Set<ChangeListener>();
  private lastRelease = 0;
  /** the latest PSX close whose DAY orders have been ended (-Infinity: not looked yet) */
  private expiredThrough = Number.NEGATIVE_INFINITY;
  private readonly alwaysOpen: boolean;
  private reportError: (err: unknown) => void = () => undefined;
  private readonly steps = new CoalescingQueue<Step>(mergeSteps, (step) => this.pass(step));

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
   * Ends what a missed close left open (the server may have been down at the close), then starts matching on
   * the feed's steps; resolves to the function that stops it. A failing pass is reported, never thrown: the
   * feed's other listeners (the market socket) and its timer must keep running.
   */
  async attach(
    source: Pick<MarketSource, 'subscribe'>,
    onError: (err: unknown) => void,
  ): Promise<() => void> {
    this.reportError = onError;
    try {
      await this.expireDue(this.market.now());
    } catch (err) {
      onError(err);
    }
    let reported: Promise<void> | undefined;
    return source.subscribe((tick) => {
      const pass = this.onTick(tick);
      // Steps merged into one pass share its promise: report its failure once.
      if (pass !== reported) {
        reported = pass;
        pass.catch(onError);
      }
    });
  }

  /** Resolves once no matching pass runs or waits (tests; closing the app). */
  idle(): Promise<void> {
    return this.steps.idle();
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async place(input: PlaceInput): Promise<PlaceResult> {
    // Locks due now are released first (in the order's transaction), and pushed, so the order's own change is
    // not the only news.
    const r = await placeOrder(this.db, this.market, this.fees, input);
    this.emitReleased(r.released);
    if (r.created) this.emit([r.order]);
    return r;
  }

  /**
   * Releases the T+1 locks due at `now` (of one account, or of all) and tells the listeners which symbols
   * changed, so an open positions screen moves shares from locked to available without a reload.
   */
  async releaseDue(accountId: number | null, now: number): Promise<void> {
    this.emitReleased(await releaseDueLocks(this.db, accountId, now));
  }

  /**
   * Ends the DAY orders the latest PSX close at or before `now` left open (every account) and tells the
   * listeners, like a cancel. Idempotent: an ended order is no longer open, so a second pass finds nothing.
   */
  async expireDue(now: number): Promise<OrderRow[]> {
    if (this.alwaysOpen) return [];
    const { close, ended } = await inTx(this.db, (tx) => this.expireIn(tx, now), {
      isolation: 'read committed',
    });
    this.markExpired(close);
    this.emit(ended);
    return ended;
  }

  /**
   * expireDue when a PSX close has passed that no pass has handled yet (the close timer's call): otherwise no
   * database access at all, so a close already handled by a feed step is not handled twice.
   */
  async expireIfDue(now: number): Promise<OrderRow[]> {
    return this.closeDue(now) ? this.expireDue(now) : [];
  }

  /** True when a PSX close has passed that no pass has handled yet (no database access). */
  private closeDue(now: number): boolean {
    if (this.alwaysOpen) return false;
    const close = lastPsxClose(now);
    return close !== null && close > this.expiredThrough;
  }

  /** Only after a commit: a failed pass leaves its close due, so the next pass (a step, the timer) retries. */
  private markExpired(close: number | null): void {
    if (close !== null && close > this.expiredThrough) this.expiredThrough = close;
  }

  private async expireIn(tx: Db, now: number): Promise<{ close: number | null; ended: OrderRow[] }> {
    const close = this.alwaysOpen ? null : lastPsxClose(now);
    if (close === null) return { close, ended: [] };
    return { close, ended: await expireDayOrders(tx, close, now) };
  }

  async cancel(accountId: number, orderId: number, now: number): Promise<OrderRow> {
    const order = await cancelOpenOrder(this.db, accountId, orderId, now);
    this.emit([order]);
    return order;
  }

  /**
   * Queues a feed step for matching; resolves when the pass that includes it has committed and told the
   * listeners. Steps that arrive while a pass runs are merged into the next one.
   */
  onTick(tick: MarketTick): Promise<void> {
    return this.steps.push(stepOf(tick));
  }

  /**
   * Fills resting limit orders crossed by this step's prints; one transaction per pass. On PostgreSQL it runs
   * READ COMMITTED: the accounts of every order it may end or fill and of every T+1 lock it may release are
   * locked first, in one go (ledger/locks.ts), and the orders are read again under those locks, so a cancel
   * or a placement of the same account is either wholly before the pass or waits for it. An order placed by
   * another account meanwhile is left for the next pass.
   */
  private async pass(tick: Step): Promise<void> {
    const { prints } = tick;
    const symbols = [...prints.keys()];
    const releaseDue = tick.ts - this.lastRelease >= RELEASE_EVERY_MS;
    // Expiry runs on the first step after a close, and again on every release pass (a failed pass retries).
    const expireDue = releaseDue || this.closeDue(tick.ts);
    // Most steps cross no resting order: a read, no transaction.
    const crossing = (symbols.length === 0 ? [] : await openOrdersFor(this.db, symbols)).filter((o) =>
      crossesAny(o, prints.get(o.symbol)),
    );
    if (!expireDue && crossing.length === 0) return;
    const logs: Array<() => void> = [];
    const r = await inTx(
      this.db,
      async (tx): Promise<PassResult> => {
        // The body may re-run on PostgreSQL: only what the committed attempt logged is logged.
        logs.length = 0;
        const touched: OrderRow[] = [];
        let close: number | null = null;
        const accounts = new Set(crossing.map((o) => o.accountId));
        if (expireDue) {
          close = this.alwaysOpen ? null : lastPsxClose(tick.ts);
          if (close !== null)
            for (const o of await openLimitOrdersPlacedBefore(tx, close)) accounts.add(o.accountId);
        }
        if (releaseDue)
          for (const l of await dueLocks(tx, null, tick.ts).execute()) accounts.add(l.accountId);
        await lockAccounts(tx, accounts);
        // Before matching: an order the close ended must not fill on a print of the same step.
        if (close !== null) touched.push(...(await expireDayOrders(tx, close, tick.ts)));
        const released = releaseDue ? await releaseDueLocks(tx, null, tick.ts) : [];
        for (const order of await openOrdersFor(tx, symbols)) {
          if (order.type !== 'limit' || !accounts.has(order.accountId)) continue;
          const after = await this.matchOrder(tx, order, prints.get(order.symbol) ?? [], tick.ts, logs);
          if (after) touched.push(after);
        }
        return { touched, released, close };
      },
      { isolation: 'read committed' },
    );
    if (releaseDue) this.lastRelease = tick.ts;
    this.markExpired(r.close);
    for (const write of logs) write();
    this.emitReleased(r.released);
    if (r.touched.length) this.emit(r.touched);
  }

  /**
   * Fills one resting order against the prints, each fill in its own savepoint; returns the order when it
   * changed. A fill the ledger refuses (e.g. a sell whose fees exceed its proceeds and the cash left) is rolled
   * back alone, logged, and ends the order with that reason, giving back what it still holds: resting on would
   * fail on every print while showing the user an order that can never fill. Earlier fills of the same pass
   * stand. Any other failure is logged and leaves the order resting as the database has it. Log lines go to
   * `logs`, written once the pass committed.
   */
  private async matchOrder(
    tx: Db,
    order: OrderRow,
    prints: readonly Print[],
    now: number,
    logs: Array<() => void>,
  ): Promise<OrderRow | null> {
    let current = order;
    let changed = false;
    for (const p of prints) {
      const left = current.qty - current.filledQty;
      if (left <= 0n) break;
      if (!crosses(current.side, current.price, p.price)) continue;
      const qty = p.qty < left ? p.qty : left;
      try {
        await inSavepoint(tx, 'fill', () =>
          applyFill(tx, current, { qty, price: p.price, fromFrozen: true, now }, this.fees),
        );
        changed = true;
      } catch (err) {
        if (mustRerun(err)) throw err;
        // applyFill mutated the row object before the savepoint rolled back: the database is the truth.
        const saved = await orderById(tx, current.id);
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
          logs.push(() => this.log.error({ ...ctx, err }, 'trading: fill failed; the order keeps resting'));
          return changed ? current : null;
        }
        logs.push(() =>
          this.log.warn(
            { ...ctx, reason: err.reason, detail: err.message },
            'trading: ledger refused a fill; the order is ended and its frozen remainder released',
          ),
        );
        return cancelOrder(tx, current, now, FILL_REFUSED_REASON);
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
        const r = l(change);
        if (r instanceof Promise) r.catch((err: unknown) => this.reportError(err));
      } catch (err) {
        this.reportError(err);
      }
    }
  }
}
