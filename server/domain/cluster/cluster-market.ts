// The market of a node that shares its database and Redis with others (REDIS_URL set). Every node serves a
// ReplicaMarket (app.market): it follows the step records published on the bus channel `market:steps`, so the
// tickers, books, tapes, candles and the per-channel sequence numbers are the same on every node. Exactly one
// node, the holder of the leader lease (domain/cluster/leader-lease.ts), runs the simulator: it publishes each
// step's record and keeps a snapshot of the whole live market in Redis (`market:snapshot`, compressed:
// snapshot-codec.ts; every few seconds and whenever a node asks on `market:snapshot-wanted`), from which a
// starting node, or one that missed a record, catches up. When the leader dies, the lease passes to another node within seconds; that node turns
// its replica into the simulator (SimulatedMarket.fromSnapshot), so clients everywhere go on with consecutive
// sequence numbers. The trading engine matches only where the lease is held (plugins/trading.ts, via `app.leader`).
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import type { Bus } from '../bus/bus.ts';
import { LeaderLease, type LeaseLog } from './leader-lease.ts';
import type { MarketSnapshot } from '../market/market-snapshot.ts';
import { ReplicaMarket } from '../market/replica-market.ts';
import { SimulatedMarket, type SimOptions } from '../market/simulated-market.ts';
import type { StepRecord } from '../market/step-record.ts';
import { decodeSnapshot, encodeSnapshot } from '../market/snapshot-codec.ts';
import { MarketStore } from '../market/store.ts';

export const STEPS_CHANNEL = 'market:steps';
export const WANTED_CHANNEL = 'market:snapshot-wanted';
const SNAPSHOT_EVERY_MS = 5_000;
const ASK_EVERY_MS = 500;
const START_TIMEOUT_MS = 60_000;

/** Whether this node leads (runs the simulator and the matching), and news of a change. */
export interface Leadership {
  readonly leading: boolean;
  onChange(listener: (leading: boolean) => void): () => void;
}

export interface ClusterMarket {
  market: ReplicaMarket;
  leader: Leadership;
  /** The simulator while this node leads (run-time listings are added to it: domain/ipo/ipo-listing.ts). */
  simulator(): SimulatedMarket | undefined;
  close(): Promise<void>;
}

export interface ClusterDeps {
  db: Db;
  pool: pg.Pool | undefined;
  bus: Bus;
  redis: Redis;
  sim: SimOptions & { tick: boolean };
  log: LeaseLog & { error(obj: object, msg: string): void };
  nodeId: string;
  /** Redis key of the market snapshot (the cluster's name space in front) */
  snapshotKey: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

function parse<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export async function startClusterMarket(d: ClusterDeps): Promise<ClusterMarket> {
  let replica: ReplicaMarket | undefined;
  let sim: SimulatedMarket | undefined;
  let closed = false;
  const early: StepRecord[] = [];
  const store = new MarketStore(d.db, (err) => d.log.error({ err }, 'market: reading bars failed'));

  const stopSteps = d.bus.subscribe(STEPS_CHANNEL, (message) => {
    const rec = parse<StepRecord>(message);
    if (!rec) return;
    if (replica) replica.accept(rec);
    else if (early.length < 2400) early.push(rec);
  });

  let lastSnapshotAt = 0;
  const publishSnapshot = async () => {
    // Not after the lease is lost (the simulator stops a moment later): the new leader's snapshot is the one.
    if (!sim || !lease.leading) return;
    lastSnapshotAt = Date.now();
    await d.redis.set(d.snapshotKey, await encodeSnapshot(sim.snapshot()));
  };
  const stopWanted = d.bus.subscribe(WANTED_CHANNEL, () => {
    if (sim && Date.now() - lastSnapshotAt >= ASK_EVERY_MS / 2) {
      publishSnapshot().catch((err: unknown) => d.log.warn({ err }, 'market: writing the snapshot failed'));
    }
  });
  await d.bus.ready();

  const fetchSnapshot = async (): Promise<MarketSnapshot | undefined> => {
    d.bus.publish(WANTED_CHANNEL, d.nodeId);
    await sleep(ASK_EVERY_MS / 2);
    return decodeSnapshot(await d.redis.getBuffer(d.snapshotKey));
  };

  // A replica that missed records asks for a fresh snapshot until it follows again.
  let resyncing = false;
  const resync = async () => {
    if (resyncing || closed) return;
    resyncing = true;
    try {
      while (!closed && replica && !replica.following) {
        const snap = await fetchSnapshot();
        if (snap && replica)
          await replica
            .load(snap)
            .catch((err: unknown) => d.log.warn({ err }, 'market: loading the snapshot failed'));
        if (replica && !replica.following) await sleep(ASK_EVERY_MS);
      }
    } catch (err) {
      d.log.warn({ err }, 'market: resync from the snapshot failed');
    } finally {
      resyncing = false;
    }
  };
  const openReplica = async (snap: MarketSnapshot) => {
    const r = await ReplicaMarket.open(store, snap, { onGap: () => void resync() });
    replica = r;
    for (const rec of early.splice(0)) r.accept(rec);
  };
  const stopReconnect = d.bus.onReconnect(() => {
    // What was published while the connection was down is lost: start again from a snapshot, asking until
    // one loads (a single try that failed left the replica waiting for records it would never apply).
    if (!replica) return;
    replica.expectSnapshot();
    void resync();
  });

  // ---- leading ----
  let snapshotTimer: ReturnType<typeof setInterval> | undefined;
  const lead = async () => {
    const opts = { ...d.sim };
    sim = replica
      ? await SimulatedMarket.fromSnapshot(d.db, replica.snapshot(), opts)
      : await SimulatedMarket.open(d.db, opts);
    const s = sim;
    s.onStep((rec) => d.bus.publish(STEPS_CHANNEL, JSON.stringify(rec)));
    if (!replica) await openReplica(s.snapshot());
    await publishSnapshot();
    snapshotTimer = setInterval(() => {
      publishSnapshot().catch((err: unknown) => d.log.warn({ err }, 'market: writing the snapshot failed'));
    }, SNAPSHOT_EVERY_MS);
    snapshotTimer.unref();
    if (d.sim.tick) s.start();
  };
  const follow = async () => {
    if (snapshotTimer) clearInterval(snapshotTimer);
    snapshotTimer = undefined;
    const s = sim;
    sim = undefined;
    await s?.stop();
  };

  const listeners = new Set<(leading: boolean) => void>();
  let leading = false;
  // Lease changes are handled one after another: a promotion finishes before a loss is acted on.
  let changes = Promise.resolve();
  const lease = new LeaderLease({ pool: d.pool, nodeId: d.nodeId, log: d.log });
  lease.onChange((now) => {
    changes = changes
      .then(async () => {
        if (closed) return;
        if (now) await lead();
        else await follow();
        leading = now;
        for (const l of listeners) l(now);
      })
      .catch((err: unknown) => d.log.error({ err }, 'market: taking or leaving the lead failed'));
  });
  lease.start();

  const started = Date.now();
  while (!replica) {
    if (Date.now() - started > START_TIMEOUT_MS) {
      throw new Error('market: no leader published a market snapshot within 60 s');
    }
    await changes;
    if (replica) break;
    const snap = await fetchSnapshot();
    if (snap && !replica) await openReplica(snap);
  }

  return {
    market: replica as ReplicaMarket,
    simulator: () => sim,
    leader: {
      get leading() {
        return leading;
      },
      onChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    async close() {
      closed = true;
      stopSteps();
      stopWanted();
      stopReconnect();
      await lease.stop();
      await changes;
      await follow();
    },
  };
}
