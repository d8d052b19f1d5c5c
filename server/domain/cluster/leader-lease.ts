// Which node runs the one-per-cluster work (the market simulator and the matching engine): exactly one at a
// time. On PostgreSQL the leader holds a session-level advisory lock on a connection of its own, taken from the
// pool and kept while it leads; the others try every `pollMs` (1 s). The lock lives as long as that connection:
// when the connection breaks (an error, the server ending it, a check that fails or does not answer within
// `answerMs`, 3 s) the node stops leading at once, and PostgreSQL frees the lock once the session is gone, so
// another node takes over within a poll or two. A node stops leading before the lock is freed, never after, so
// two leaders can only overlap if this process stalls for longer than a check without noticing; the work itself
// must still commit through database transactions that would refuse a conflicting change. On SQLite (one
// node) the lease always leads.
import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface LeaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface LeaderLeaseOptions {
  /** The PostgreSQL pool (`app.database.pool`); absent on SQLite, where the lease always leads. */
  pool?: pg.Pool | undefined;
  /** What is led; nodes leading different names do not exclude each other (default 'market-and-matching'). */
  name?: string;
  /** How often a follower tries to take the lead and a leader checks its connection (default 1000 ms). */
  pollMs?: number;
  /**
   * How long a check may go unanswered before the leader gives up (default 3000 ms). A connection that breaks
   * (a killed node, an ended session) is noticed at once; this bound is for a stalled one, and longer than a
   * poll so a loaded database or machine does not hand the lead back and forth. A stalled leader stops within
   * this plus one poll; another node leads a poll after the lock is freed (the 10 s hand-over holds).
   */
  answerMs?: number;
  log?: LeaseLog;
  /** This node, for the log. */
  nodeId?: string;
}

/** The 64-bit advisory-lock key of a lease name (stable across nodes and releases). */
export function leaseKey(name: string): bigint {
  const digest = createHash('sha256').update(`pk-trade leader lease: ${name}`).digest();
  return digest.readBigInt64BE(0);
}

const silent: LeaseLog = { info: () => {}, warn: () => {} };

/**
 * `query`'s result, or an error once `ms` have passed without one (the connection is then closed). When the
 * timer fires the refusal waits for one turn of I/O (setImmediate): after the event loop was blocked (a loaded
 * machine, a long synchronous step) the timer comes due before the loop reads the answer already waiting on
 * the socket, and a node would stop leading though PostgreSQL answered in time.
 */
async function answered<T>(query: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => setImmediate(() => reject(new Error(`no answer from PostgreSQL within ${ms} ms`))),
      ms,
    );
  });
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

export class LeaderLease {
  private readonly pool: pg.Pool | undefined;
  private readonly key: string;
  private readonly pollMs: number;
  private readonly answerMs: number;
  private readonly log: LeaseLog;
  private readonly who: object;
  private readonly listeners = new Set<(leading: boolean) => void>();
  private isLeading = false;
  private started = false;
  private stopped = false;
  /** The connection holding the lock while leading (or asking for it), and its break listener. */
  private client: pg.PoolClient | undefined;
  private onBreak: ((err?: Error) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(opts: LeaderLeaseOptions = {}) {
    this.pool = opts.pool;
    const name = opts.name ?? 'market-and-matching';
    this.key = leaseKey(name).toString();
    this.pollMs = opts.pollMs ?? 1_000;
    this.answerMs = opts.answerMs ?? Math.max(3_000, this.pollMs);
    this.log = opts.log ?? silent;
    this.who = { lease: name, node: opts.nodeId };
  }

  /** Whether this node leads now. */
  get leading(): boolean {
    return this.isLeading;
  }

  /** Calls `listener` with every change (true: start the work; false: stop it at once). Returns the remover. */
  onChange(listener: (leading: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts trying to lead (on SQLite: leads at once). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    if (!this.pool) {
      this.setLeading(true);
      return;
    }
    this.schedule(0);
  }

  /** Stops leading (listeners hear `false`) and trying to; frees the lock by closing its connection. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    // A poll in flight sees `stopped` when it resumes; it is not waited for past a poll's time (a pool with no
    // free connection could keep it waiting): closing the connection below ends its query.
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (waited = setTimeout(resolve, this.pollMs)))]);
    clearTimeout(waited);
    this.drop();
    this.setLeading(false);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.poll().finally(() => {
        this.running = undefined;
        this.schedule(this.pollMs);
      });
    }, ms);
  }

  private async poll(): Promise<void> {
    try {
      if (this.isLeading) await this.checkConnection();
      else await this.tryToLead();
    } catch (err) {
      this.lose(err);
    }
  }

  private async tryToLead(): Promise<void> {
    const client = await this.pool!.connect();
    if (this.stopped) {
      client.release();
      return;
    }
    const onBreak = (err?: Error) => this.lose(err ?? new Error('connection ended'));
    client.on('error', onBreak);
    client.on('end', onBreak);
    this.client = client;
    this.onBreak = onBreak;
    const res = await answered(
      client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [this.key]),
      this.answerMs,
    );
    if (this.client !== client) return; // lost while asking
    if (res.rows[0]?.ok && !this.stopped) {
      this.log.info(this.who, 'leader lease: this node leads');
      this.setLeading(true);
      return;
    }
    // Not the leader: give the connection back (a session without the lock holds nothing); stopping with the
    // lock just taken: close it.
    if (res.rows[0]?.ok) {
      this.drop();
      return;
    }
    client.off('error', onBreak);
    client.off('end', onBreak);
    this.client = undefined;
    this.onBreak = undefined;
    client.release();
  }

  private async checkConnection(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('no connection');
    await answered(client.query('SELECT 1'), this.answerMs);
  }

  /** The connection broke or stopped answering: stop leading now, and close it so the lock is freed. */
  private lose(err: unknown): void {
    if (this.isLeading) {
      this.log.warn(
        { ...this.who, err: (err as Error)?.message },
        'leader lease: lost, this node stops leading',
      );
    }
    this.drop(err);
    this.setLeading(false);
  }

  /** Closes the lock's connection (never returned to the pool: the session would keep the lock). */
  private drop(err?: unknown): void {
    const client = this.client;
    const onBreak = this.onBreak;
    if (!client) return;
    this.client = undefined;
    this.onBreak = undefined;
    if (onBreak) {
      client.off('end', onBreak);
      client.off('error', onBreak);
    }
    // A broken connection may still report its error later: keep a listener so it is not an uncaught one.
    client.on('error', () => {});
    client.release(err instanceof Error ? err : true);
  }

  private setLeading(leading: boolean): void {
    if (this.isLeading === leading) return;
    this.isLeading = leading;
    for (const listener of [...this.listeners]) {
      try {
        listener(leading);
      } catch (err) {
        this.log.warn({ ...this.who, err: (err as Error)?.message }, 'leader lease: a listener failed');
      }
    }
  }
}
