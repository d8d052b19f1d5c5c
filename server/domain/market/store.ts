// SQLite persistence of the simulator: closed 1-minute bars, daily bars and metadata (migration 010_market.sql).

import type Database from 'better-sqlite3';
import type { Bar } from './candles.ts';

interface BarRow {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  q?: string;
}

const toBar = (r: BarRow): Bar => ({ t: r.t, o: r.o, h: r.h, l: r.l, c: r.c, v: r.v, q: BigInt(r.q ?? 0) });

export type BarTable = '1m' | '1d';

export class MarketStore {
  private readonly stmts;

  constructor(private readonly db: Database.Database) {
    const range = (tbl: string, cols: string) =>
      db.prepare(`SELECT ${cols} FROM ${tbl} WHERE symbol = ? AND t >= ? AND t <= ? ORDER BY t DESC LIMIT ?`);
    const last = (tbl: string, cols: string) =>
      db.prepare(`SELECT ${cols} FROM ${tbl} WHERE symbol = ? AND t <= ? ORDER BY t DESC LIMIT 1`);
    const m = 't, o, h, l, c, v';
    const d = 't, o, h, l, c, v, q';
    this.stmts = {
      upsert: {
        '1m': db.prepare(
          'INSERT OR REPLACE INTO market_bar_1m (symbol, t, o, h, l, c, v) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ),
        '1d': db.prepare(
          'INSERT OR REPLACE INTO market_bar_1d (symbol, t, o, h, l, c, v, q) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ),
      },
      range: { '1m': range('market_bar_1m', m), '1d': range('market_bar_1d', d) },
      last: { '1m': last('market_bar_1m', m), '1d': last('market_bar_1d', d) },
      prune: db.prepare('DELETE FROM market_bar_1m WHERE t < ?'),
      getMeta: db.prepare('SELECT value FROM market_meta WHERE key = ?').pluck(),
      setMeta: db.prepare(
        'INSERT INTO market_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
    };
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  put(table: BarTable, symbol: string, bars: readonly Bar[]): void {
    if (table === '1m') {
      const st = this.stmts.upsert['1m'];
      for (const b of bars) st.run(symbol, b.t, b.o, b.h, b.l, b.c, b.v);
    } else {
      const st = this.stmts.upsert['1d'];
      for (const b of bars) st.run(symbol, b.t, b.o, b.h, b.l, b.c, b.v, b.q.toString());
    }
  }

  /** Bars with from ≤ t ≤ to, the newest `limit` of them, returned oldest → newest. */
  range(table: BarTable, symbol: string, from: number, to: number, limit: number): Bar[] {
    const rows = this.stmts.range[table].all(symbol, from, to, limit) as BarRow[];
    return rows.reverse().map(toBar);
  }

  /** The newest bar at or before `to`. */
  last(table: BarTable, symbol: string, to = Number.MAX_SAFE_INTEGER): Bar | undefined {
    const row = this.stmts.last[table].get(symbol, to) as BarRow | undefined;
    return row ? toBar(row) : undefined;
  }

  prune1m(before: number): void {
    this.stmts.prune.run(before);
  }

  meta(key: string): string | undefined {
    const v = this.stmts.getMeta.get(key);
    return typeof v === 'string' ? v : undefined;
  }

  setMeta(key: string, value: string): void {
    this.stmts.setMeta.run(key, value);
  }
}
