// The contracts' work on the leader: on every mark tick, in order, liquidate what the mark crossed, fire the
// TP/SL triggers the tick reached, fill the resting limit orders the best bid and ask reached (perp-limit.ts),
// sample the premium, and at each funding boundary settle the interval just
// ended for every pair with open positions. Ticks are handled one after another (never merged), so a
// liquidation happens at the first tick past its price. Listeners hear executions after they committed.
import { averagePremium, fundingRate, premiumSample } from '../../../contract/perp/funding.ts';
import type { MarkBook, MarkTick } from './mark-book.ts';
import { FUNDING_INTERVAL_MS } from './perp-config.ts';
import { settleInterval } from './perp-funding.ts';
import { quoteOf } from './perp-grid.ts';
import { fillReachedLimits, symbolsWithLimitOrders } from './perp-limit.ts';
import { fireTriggers, liquidateCrossed } from './perp-liquidation.ts';
import type { PerpDeps } from './perp-orders.ts';
import { symbolsWithPositions, type ExecutionRow } from './positions-repo.ts';

export interface PerpEngineOptions {
  fundingIntervalMs?: number;
  onError?: (err: unknown) => void;
}

export type ExecutionListener = (executions: ExecutionRow[]) => void;
/** Hears, after the commit, the accounts whose contract positions the engine changed (executions, funding). */
export type AccountsListener = (accountIds: number[]) => void;

export class PerpEngine {
  private chain: Promise<void> = Promise.resolve();
  private readonly samples = new Map<string, bigint[]>();
  /** index of the latest funding interval whose start has been handled (null: none seen yet) */
  private fundedThrough: number | null = null;
  private readonly listeners = new Set<ExecutionListener>();
  private readonly accountListeners = new Set<AccountsListener>();
  readonly fundingIntervalMs: number;
  active = false;

  constructor(
    private readonly deps: PerpDeps & { marks: MarkBook },
    private readonly opts: PerpEngineOptions = {},
  ) {
    this.fundingIntervalMs = opts.fundingIntervalMs ?? FUNDING_INTERVAL_MS;
  }

  onExecutions(l: ExecutionListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** The accounts changed by each tick (liquidations, TP/SL, funding): the account socket tells their owners. */
  onAccounts(l: AccountsListener): () => void {
    this.accountListeners.add(l);
    return () => this.accountListeners.delete(l);
  }

  /** Queues one tick's marks; resolves once it has been handled. Ignored while not leading. */
  onMarks(marks: readonly MarkTick[], now: number): Promise<void> {
    if (!this.active) return Promise.resolve();
    const run = this.chain.then(() => this.handle(marks, now));
    this.chain = run.catch((err: unknown) => this.opts.onError?.(err));
    return run;
  }

  /** Resolves once every queued tick has been handled. */
  async idle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.chain;
      await seen;
    } while (seen !== this.chain);
  }

  private async handle(marks: readonly MarkTick[], now: number): Promise<void> {
    const done: ExecutionRow[] = [];
    // One read per tick finds the pairs anyone holds (on any node); only those are checked.
    const held = new Set(await symbolsWithPositions(this.deps.db));
    const resting = new Set(await symbolsWithLimitOrders(this.deps.db));
    for (const m of marks) {
      const pair = this.deps.marks.pair(m.symbol);
      const quote = pair && quoteOf(this.deps.market, pair);
      if (!pair || !quote) continue;
      if (held.has(m.symbol)) {
        done.push(...(await liquidateCrossed(this.deps.db, pair, m.mark, now)));
        done.push(...(await fireTriggers(this.deps.db, pair, { ...quote, mark: m.mark }, now)));
      }
      if (resting.has(m.symbol)) done.push(...(await fillReachedLimits(this.deps, pair, quote, now)));
      const list = this.samples.get(m.symbol) ?? [];
      list.push(premiumSample(m.mark, m.last));
      this.samples.set(m.symbol, list);
    }
    const funded = await this.fundIfDue(now);
    if (done.length) for (const l of this.listeners) l(done);
    const accounts = [...new Set([...done.map((e) => e.accountId), ...funded])];
    if (accounts.length) for (const l of this.accountListeners) l(accounts);
  }

  /** The rate the running interval would settle at now (the screen's estimate; interest only off the leader). */
  estimatedRate(symbol: string): bigint {
    return fundingRate(averagePremium(this.samples.get(symbol) ?? []));
  }

  /** Settles the interval that ended when `now` crossed a funding boundary (the first tick only starts the count). */
  async fundIfDue(now: number): Promise<number[]> {
    const k = Math.floor(now / this.fundingIntervalMs);
    if (this.fundedThrough === null) {
      this.fundedThrough = k;
      return [];
    }
    if (k <= this.fundedThrough) return [];
    this.fundedThrough = k;
    return this.settleAll(k * this.fundingIntervalMs, now);
  }

  /**
   * Settles funding for every pair with open positions at the current mark (tests drive it directly); resolves
   * with the accounts that paid or received.
   */
  async settleAll(intervalAt: number, now: number): Promise<number[]> {
    const accounts: number[] = [];
    for (const symbol of await symbolsWithPositions(this.deps.db)) {
      const pair = this.deps.marks.pair(symbol);
      const mark = this.deps.marks.mark(symbol);
      if (!pair || mark === null) continue;
      const rate = fundingRate(averagePremium(this.samples.get(symbol) ?? []));
      this.samples.set(symbol, []);
      const r = await settleInterval(this.deps.db, pair, intervalAt, mark, rate, now);
      if (r) accounts.push(...r.accounts);
    }
    return accounts;
  }
}
