// The simulator's persistence behind its synchronous feed step: step() hands over the bars it closed or
// updated (and the pruning and metadata they cause) as a batch; ONE writer drains the batches in order, all
// those waiting in one transaction, and reports a failure to onError instead of throwing into the timer.
// A bar handed over stays in an in-memory overlay until it is committed and every read that began before the
// commit has finished, and range() lays the overlay over what it reads: an answer never misses a bar that
// step() already closed, whether or not the writer has reached it yet.

import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { barsIn, pruneMinuteBars, putBars, writeMeta, type BarTable, type SymbolBar } from './bar-repo.ts';
import type { Bar } from './candles.ts';

export type { BarTable };

/** What one feed step leaves to persist, in the order it is written. */
export interface BarBatch {
  m1?: readonly SymbolBar[];
  d1?: readonly SymbolBar[];
  /** then drop the 1-minute bars older than this */
  prune1mBefore?: number;
  meta?: Readonly<Record<string, string>>;
}

interface Entry {
  bar: Bar;
  /** the commit (epoch) that made it durable; undefined while it waits */
  committed?: number;
}

type Overlay = Map<string, Map<number, Entry>>;

export class MarketStore {
  private queue: BarBatch[] = [];
  private running: Promise<void> | undefined;
  private readonly overlay: Record<BarTable, Overlay> = { '1m': new Map(), '1d': new Map() };
  /** 1-minute bars below this are pruned (or about to be) */
  private minuteFloor = Number.MIN_SAFE_INTEGER;
  /** commits so far */
  private epoch = 0;
  /** the epoch each read in flight began at */
  private readonly reads = new Map<object, number>();

  constructor(
    readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Queues a batch (its bars are copied: live bars go on changing) and wakes the writer. */
  write(batch: BarBatch): void {
    const copy = (rows: readonly SymbolBar[] = []) =>
      rows.map((r) => ({ symbol: r.symbol, bar: { ...r.bar } }));
    const own: BarBatch = { ...batch, m1: copy(batch.m1), d1: copy(batch.d1) };
    for (const r of own.m1 ?? []) this.hold('1m', r);
    for (const r of own.d1 ?? []) this.hold('1d', r);
    if (own.prune1mBefore !== undefined) this.prune(own.prune1mBefore);
    this.queue.push(own);
    this.running ??= this.drain();
  }

  /** Resolves once everything queued so far is written (or reported). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Bars with from ≤ t ≤ to, the newest `limit`, oldest → newest: the database with the overlay laid over it. */
  async range(table: BarTable, symbol: string, from: number, to: number, limit: number): Promise<Bar[]> {
    const token = {};
    this.reads.set(token, this.epoch);
    try {
      const rows = await barsIn(this.db, table, symbol, from, to, limit);
      const held = this.overlay[table].get(symbol);
      const floor = table === '1m' ? this.minuteFloor : Number.MIN_SAFE_INTEGER;
      if (!held?.size && floor <= from) return rows;
      const byT = new Map<number, Bar>();
      for (const b of rows) if (b.t >= floor) byT.set(b.t, b);
      for (const [t, e] of held ?? []) if (t >= from && t <= to) byT.set(t, e.bar);
      return [...byT.values()].sort((a, b) => a.t - b.t).slice(-limit);
    } finally {
      this.reads.delete(token);
      this.sweep();
    }
  }

  private hold(table: BarTable, { symbol, bar }: SymbolBar): void {
    let bySymbol = this.overlay[table].get(symbol);
    if (!bySymbol) this.overlay[table].set(symbol, (bySymbol = new Map()));
    bySymbol.set(bar.t, { bar });
  }

  private prune(before: number): void {
    this.minuteFloor = Math.max(this.minuteFloor, before);
    for (const bySymbol of this.overlay['1m'].values())
      for (const t of bySymbol.keys()) if (t < before) bySymbol.delete(t);
  }

  /** Marks the entries still holding these bars committed at `epoch`, or drops them (a failed write). */
  private settle(batches: readonly BarBatch[], epoch: number | undefined): void {
    for (const b of batches) {
      for (const [table, rows] of [
        ['1m', b.m1],
        ['1d', b.d1],
      ] as const) {
        for (const { symbol, bar } of rows ?? []) {
          const bySymbol = this.overlay[table].get(symbol);
          const e = bySymbol?.get(bar.t);
          if (e?.bar !== bar) continue;
          if (epoch === undefined) bySymbol!.delete(bar.t);
          else e.committed = epoch;
        }
      }
    }
  }

  /** Drops committed entries that no read in flight can have missed (it began after their commit). */
  private sweep(): void {
    let oldest = Infinity;
    for (const e of this.reads.values()) oldest = Math.min(oldest, e);
    for (const tables of Object.values(this.overlay)) {
      for (const [symbol, bySymbol] of tables) {
        for (const [t, e] of bySymbol)
          if (e.committed !== undefined && e.committed <= oldest) bySymbol.delete(t);
        if (bySymbol.size === 0) tables.delete(symbol);
      }
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batches = this.queue.splice(0);
        try {
          await inTx(this.db, (tx) => writeBatches(tx, batches));
          this.epoch += 1;
          this.settle(batches, this.epoch);
        } catch (err) {
          this.settle(batches, undefined);
          this.onError(err);
        }
        this.sweep();
      }
    } finally {
      // Cleared in the same turn the queue was found empty, so a write() after this starts a new drain.
      this.running = undefined;
    }
  }
}

/** Writes batches in order, the bars of consecutive ones together (a prune is a boundary: bars first). */
async function writeBatches(tx: Db, batches: readonly BarBatch[]): Promise<void> {
  let m1: SymbolBar[] = [];
  let d1: SymbolBar[] = [];
  const meta: Record<string, string> = {};
  const putAll = async () => {
    await putBars(tx, '1m', m1);
    await putBars(tx, '1d', d1);
    m1 = [];
    d1 = [];
  };
  for (const b of batches) {
    m1.push(...(b.m1 ?? []));
    d1.push(...(b.d1 ?? []));
    Object.assign(meta, b.meta);
    if (b.prune1mBefore !== undefined) {
      await putAll();
      await pruneMinuteBars(tx, b.prune1mBefore);
    }
  }
  await putAll();
  for (const [key, value] of Object.entries(meta)) await writeMeta(tx, key, value);
}
