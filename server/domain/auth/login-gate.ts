// What a login costs before its password is checked: at most a few checks in flight per address and per phone
// (so one caller cannot fill the hash queue), the queue lane the caller has earned, and a stand-in for a phone
// that does not exist (a wait as long as a real check, without taking a hash slot). Bounds: server/README.md.
import { AttemptRefused } from '../rate-limit/attempt-guard.ts';
import { HashBusyError, type HashLane, type HashQueue } from './hash-queue.ts';

export interface LoginGateLimits {
  perIp: number;
  perPhone: number;
}

/** Addresses a phone signed in from are remembered this long (a "known" caller gets the better lane). */
const KNOWN_TTL_MS = 30 * 24 * 60 * 60_000;
const KNOWN_MAX = 100_000;
/** Bounds of the stand-in wait: a real check takes 150–300 ms, longer when the queue is busy. */
const STAND_IN_MIN_MS = 50;
const STAND_IN_MAX_MS = 2_000;

export class LoginGate {
  private readonly inFlight = new Map<string, number>();
  private readonly known = new Map<string, number>();
  /** Moving average of real login checks (queue wait included), what a stand-in waits. */
  private typicalMs = 250;

  constructor(
    readonly limits: LoginGateLimits,
    private readonly queue: HashQueue,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes an in-flight place for the address and the phone, or refuses (AttemptRefused, a one-second wait).
   * Returns the function that gives the places back.
   */
  enter(phone: string, ip: string): () => void {
    const keys = [`ip\n${ip}`, `phone\n${phone}`] as const;
    const caps = [this.limits.perIp, this.limits.perPhone];
    if (keys.some((k, i) => (this.inFlight.get(k) ?? 0) >= (caps[i] ?? 1))) throw new AttemptRefused(1_000);
    for (const k of keys) this.inFlight.set(k, (this.inFlight.get(k) ?? 0) + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      for (const k of keys) {
        const n = (this.inFlight.get(k) ?? 1) - 1;
        if (n > 0) this.inFlight.set(k, n);
        else this.inFlight.delete(k);
      }
    };
  }

  /** The lane of a login: known address first, then callers without recent failures, then the rest. */
  laneFor(phone: string, ip: string, opts: { suspect: boolean; liveSessionFromIp: boolean }): HashLane {
    const seen = this.known.get(`${phone}\n${ip}`);
    if (opts.liveSessionFromIp || (seen !== undefined && this.now() - seen < KNOWN_TTL_MS)) return 'known';
    return opts.suspect ? 'suspect' : 'login';
  }

  /** Remembers a successful login, so this address gets the known lane for this phone. */
  remember(phone: string, ip: string): void {
    const key = `${phone}\n${ip}`;
    this.known.delete(key);
    this.known.set(key, this.now());
    if (this.known.size > KNOWN_MAX) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
  }

  /** Runs a real check and folds its duration into the stand-in's wait. */
  async timed(check: () => Promise<boolean>): Promise<boolean> {
    const start = performance.now();
    const good = await check();
    const took = Math.min(STAND_IN_MAX_MS, Math.max(STAND_IN_MIN_MS, performance.now() - start));
    this.typicalMs = Math.round(0.8 * this.typicalMs + 0.2 * took);
    return good;
  }

  /**
   * The answer for a phone that does not exist: refused as busy exactly when a real check in `lane` would be,
   * else "wrong" after the typical time of a real check, so neither the answer nor (on average) its timing
   * tells whether the phone is registered, and no scrypt runs.
   */
  async standIn(lane: HashLane): Promise<false> {
    if (!this.queue.wouldAccept(lane)) throw new HashBusyError();
    await new Promise((resolve) => setTimeout(resolve, this.typicalMs));
    return false;
  }
}
