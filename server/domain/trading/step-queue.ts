// Runs async passes one at a time, coalescing what arrives meanwhile: the market feed steps every few hundred
// milliseconds and a matching pass awaits the database, so a step that comes while a pass runs must not start a
// second pass beside it (two passes would match the same orders twice over). Steps that arrive during a pass
// are merged into one (the caller's `merge`) and run as one more pass when the current one ends: the queue
// never holds more than one waiting pass, however slow the database.

interface Waiting<T> {
  item: T;
  done: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

export class CoalescingQueue<T> {
  private waiting: Waiting<T> | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly merge: (earlier: T, later: T) => T,
    private readonly run: (item: T) => Promise<void>,
  ) {}

  /**
   * Queues `item`; the promise settles when the pass that includes it has run (rejects with its error).
   * Items merged into one pass share one promise.
   */
  push(item: T): Promise<void> {
    if (this.waiting) {
      this.waiting.item = this.merge(this.waiting.item, item);
      return this.waiting.done;
    }
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.waiting = { item, done, resolve, reject };
    this.running ??= this.drain();
    return done;
  }

  /** Resolves once no pass runs or waits. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Start on a later microtask, so that `running` is set before the first pass can finish.
    await Promise.resolve();
    while (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      try {
        await this.run(w.item);
        w.resolve();
      } catch (err) {
        w.reject(err);
      }
    }
    this.running = null;
  }
}
