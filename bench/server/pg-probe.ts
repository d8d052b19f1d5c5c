// PostgreSQL's side of the order bench: its durability settings, and what it did over a window: commits and
// rollbacks, what sessions waited for, which statements ran how often and for how long (pg_stat_statements,
// when the server preloads it) and which statements the re-run errors (40001 serialisation failures, 40P01
// deadlocks, 23505 unique-key races) came from (the server's log).
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import pg from 'pg';
import { round, sleep } from './support.ts';

/** The settings that decide whether a commit is durable when answered. */
export async function pgSettings(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const name of ['fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes']) {
      const r = await client.query<Record<string, string>>(`SHOW ${name}`);
      out[name] = Object.values(r.rows[0] ?? {})[0] ?? '';
    }
    return out;
  } finally {
    await client.end();
  }
}

/**
 * What PostgreSQL did over a window: transactions committed and rolled back (serialisation failures re-run by
 * inTx, db/tx.ts) per second, and what the sessions inside a transaction were waiting for, sampled every 50 ms.
 */
export class PgProbe {
  private readonly client: pg.Client;
  private running = false;
  private loop: Promise<void> | undefined;
  private t0 = 0;
  private s0: { commit: number; rollback: number } | undefined;
  private readonly waits = new Map<string, number>();
  private samples = 0;
  /** the probe's own queries, each a committed transaction in the same database */
  private ownQueries = 0;

  private statements = false;
  private logFrom = 0;

  constructor(
    url: string,
    private readonly database: string,
    /** the server's log (with log_min_messages at warning or below, every ERROR and its STATEMENT) */
    private readonly logFile?: string,
  ) {
    this.client = new pg.Client({ connectionString: url });
  }

  private async counters() {
    const r = await this.client.query<{ c: string; r: string }>(
      'SELECT xact_commit AS c, xact_rollback AS r FROM pg_stat_database WHERE datname = $1',
      [this.database],
    );
    return { commit: Number(r.rows[0]?.c ?? 0), rollback: Number(r.rows[0]?.r ?? 0) };
  }

  async start(): Promise<void> {
    await this.client.connect();
    try {
      await this.client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await this.client.query('SELECT pg_stat_statements_reset()');
      this.statements = true;
    } catch {
      // not preloaded: no per-statement figures
    }
    if (this.logFile) this.logFrom = statSync(this.logFile).size;
    await this.client.query('SELECT pg_stat_reset()');
    this.s0 = await this.counters();
    this.t0 = performance.now();
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const r = await this.client.query<{ state: string; wt: string | null; w: string | null; q: string }>(
          `SELECT state, wait_event_type AS wt, wait_event AS w, left(query, 48) AS q FROM pg_stat_activity
           WHERE datname = $1 AND pid <> pg_backend_pid()
             AND (state = 'active' OR state LIKE 'idle in transaction%')`,
          [this.database],
        );
        for (const row of r.rows) {
          const what =
            row.state === 'active'
              ? row.wt
                ? `${row.wt}:${row.w} (${row.q.replace(/\s+/g, ' ')}…)`
                : 'running'
              : row.state === 'idle in transaction'
                ? 'idle in transaction (waiting for the node)'
                : row.state;
          this.waits.set(what, (this.waits.get(what) ?? 0) + 1);
          this.samples++;
        }
        this.ownQueries++;
        await sleep(50);
      }
    })();
  }

  /** The statements the node sent over the window that took the most time (the probe's own excluded). */
  private async topStatements(limit = 40) {
    if (!this.statements) return undefined;
    const r = await this.client.query<{
      q: string;
      calls: string;
      total: number;
      mean: number;
      rows: string;
    }>(
      `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS q, calls, total_exec_time AS total,
              mean_exec_time AS mean, rows
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
       WHERE d.datname = $1 AND query NOT LIKE '%pg_stat%'
       ORDER BY total_exec_time DESC LIMIT $2`,
      [this.database, limit],
    );
    const all = await this.client.query<{ calls: string }>(
      `SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
       WHERE d.datname = $1 AND query NOT LIKE '%pg_stat%'`,
      [this.database],
    );
    return {
      calls: Number(all.rows[0]?.calls ?? 0),
      top: r.rows.map((x) => ({
        statement: x.q,
        calls: Number(x.calls),
        meanMs: round(x.mean, 3),
        totalMs: round(x.total, 0),
      })),
    };
  }

  /** Trigger functions (PL/pgSQL, with track_functions = pl): calls and time over the window. */
  private async functions() {
    const r = await this.client.query<{ f: string; calls: string; total: number }>(
      'SELECT funcname AS f, calls, total_time AS total FROM pg_stat_user_functions ORDER BY total_time DESC',
    );
    return r.rows.map((x) => ({ function: x.f, calls: Number(x.calls), totalMs: round(x.total, 0) }));
  }

  /** ERRORs the server logged over the window, by message and statement, most frequent first. */
  private errorsFromLog(limit = 8) {
    if (!this.logFile) return undefined;
    const size = statSync(this.logFile).size;
    const buf = Buffer.alloc(Math.max(0, size - this.logFrom));
    const fd = openSync(this.logFile, 'r');
    try {
      readSync(fd, buf, 0, buf.length, this.logFrom);
    } finally {
      closeSync(fd);
    }
    const counts = new Map<string, number>();
    let error: string | null = null;
    const flush = (statement: string) => {
      if (error === null) return;
      const key = `${error} ← ${statement}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      error = null;
    };
    for (const line of buf.toString('utf8').split('\n')) {
      const e = /\bERROR:\s+(.*)$/.exec(line);
      if (e) {
        flush('?');
        error = (e[1] ?? '').slice(0, 70);
        continue;
      }
      const st = /\bSTATEMENT:\s+(.*)$/.exec(line);
      if (st) flush((st[1] ?? '').replace(/\s+/g, ' ').slice(0, 90));
    }
    flush('?');
    return [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([what, n]) => ({ what, n }));
  }

  async stop() {
    if (!this.s0) return undefined;
    this.running = false;
    await this.loop;
    const s1 = await this.counters();
    const secs = (performance.now() - this.t0) / 1000;
    const statements = await this.topStatements();
    const functions = await this.functions();
    const errors = this.errorsFromLog();
    await this.client.end();
    const commits = s1.commit - this.s0.commit - this.ownQueries - 1;
    const rollbacks = s1.rollback - this.s0.rollback;
    return {
      /** every statement outside a transaction (the session and password lookups) counts as one too */
      commitsPerSec: round(commits / secs, 0),
      /** transactions rolled back: serialisation failures and lock conflicts that inTx re-runs */
      rollbacksPerSec: round(rollbacks / secs, 0),
      /** share of (session in a transaction × sample), most common first */
      waits: [...this.waits]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([what, n]) => ({ what, share: round(n / Math.max(1, this.samples), 2) })),
      ...(statements ? { statements } : {}),
      ...(functions.length ? { functions } : {}),
      ...(errors ? { errors } : {}),
    };
  }
}
