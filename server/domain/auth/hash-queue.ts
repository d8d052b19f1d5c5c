// The queue in front of scrypt: a few hashes run at once (each needs 128 MiB), the rest wait in lanes served
// best first, so strangers' logins cannot starve a signed-in user's own checks, and a caller with recent
// failures cannot starve one without. Bounds and the reasons for them: server/README.md ("Hash queue").

/** Best first: a signed-in user's own action; a login from an address this phone signed in from before; a
 * login from an address and for a phone without recent failures; a login with recent failures. */
export const HASH_LANES = ['user', 'known', 'login', 'suspect'] as const;
export type HashLane = (typeof HASH_LANES)[number];

export class HashBusyError extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashBusyError';
  }
}

export interface HashQueueLimits {
  /** Hashes running at once. */
  slots: number;
  /** Waiting places for signed-in users' own checks. */
  userQueue: number;
  /** Waiting places shared by the three login lanes (logins, sign-ups: callers not signed in). */
  strangerQueue: number;
}

interface Waiter {
  start: () => void;
  refuse: (err: Error) => void;
}

const rank = (lane: HashLane): number => HASH_LANES.indexOf(lane);

export class HashQueue {
  private running = 0;
  private readonly waiting: Record<HashLane, Waiter[]> = { user: [], known: [], login: [], suspect: [] };

  constructor(readonly limits: HashQueueLimits) {}

  /** Runs `work` when a slot is free; throws HashBusyError when `lane` has no room. */
  async run<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.slots) this.running++;
    else await this.wait(lane);
    try {
      return await work();
    } finally {
      // Hand the slot straight to the best waiter so `running` stays exact.
      const next = this.takeNext();
      if (next) next.start();
      else this.running--;
    }
  }

  /** Whether a job of `lane` would be taken now (a free slot, a free place, or a worse job to push out). */
  wouldAccept(lane: HashLane): boolean {
    if (this.running < this.limits.slots) return true;
    if (lane === 'user') return this.waiting.user.length < this.limits.userQueue;
    return this.strangersWaiting() < this.limits.strangerQueue || this.victimBelow(lane) !== undefined;
  }

  /** Running jobs and waiters per lane (for tests and diagnostics). */
  snapshot(): { running: number; waiting: Record<HashLane, number> } {
    const w = this.waiting;
    return {
      running: this.running,
      waiting: {
        user: w.user.length,
        known: w.known.length,
        login: w.login.length,
        suspect: w.suspect.length,
      },
    };
  }

  private strangersWaiting(): number {
    return this.waiting.known.length + this.waiting.login.length + this.waiting.suspect.length;
  }

  /** The worst lane below `lane` that has a waiter, whose newest waiter a better newcomer may push out. */
  private victimBelow(lane: HashLane): HashLane | undefined {
    for (let i = HASH_LANES.length - 1; i > rank(lane); i--) {
      const l = HASH_LANES[i];
      if (l && l !== 'user' && this.waiting[l].length > 0) return l;
    }
    return undefined;
  }

  private wait(lane: HashLane): Promise<void> {
    if (lane === 'user') {
      if (this.waiting.user.length >= this.limits.userQueue) throw new HashBusyError();
    } else if (this.strangersWaiting() >= this.limits.strangerQueue) {
      const victim = this.victimBelow(lane);
      if (!victim) throw new HashBusyError();
      // The newest of the worst lane leaves: it has waited least, and FIFO order within a lane holds.
      this.waiting[victim].pop()?.refuse(new HashBusyError());
    }
    return new Promise<void>((resolve, reject) => {
      this.waiting[lane].push({ start: resolve, refuse: reject });
    });
  }

  private takeNext(): Waiter | undefined {
    for (const lane of HASH_LANES) {
      const next = this.waiting[lane].shift();
      if (next) return next;
    }
    return undefined;
  }
}
