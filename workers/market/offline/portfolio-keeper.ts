// Writes the portfolio to its store at most once per `minGapMs` (2 s) however often it changes, at once when
// the page hides or goes away, and never after the account it belongs to was dropped: every store call runs
// in order on one chain, so a sign-out's clear cannot be overtaken by a save that was already waiting, and a
// load made after a clear finds nothing. The record itself is built only when a write is due (build()).
import { timer, type Subscription } from 'rxjs';
import type { PortfolioStore, SavedPortfolio } from './saved-portfolio.ts';

export const SAVE_GAP_MS = 2000;

export class PortfolioKeeper {
  private lastSave = Number.NEGATIVE_INFINITY;
  private wait: Subscription | null = null;
  private dirty = false;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: PortfolioStore,
    private readonly now: () => number,
    /** The record to write now, or null for "nothing worth keeping" (no account, nothing live yet). */
    private readonly build: () => SavedPortfolio | null,
    private readonly minGapMs = SAVE_GAP_MS,
  ) {}

  /** Something kept changed: written now if the last write is minGapMs old, else when it will be. */
  changed(): void {
    this.dirty = true;
    if (this.wait) return;
    const due = this.lastSave + this.minGapMs - this.now();
    if (due <= 0) return this.flush();
    this.wait = timer(due).subscribe(() => {
      this.wait = null;
      this.flush();
    });
  }

  /** Writes a pending change now (the page hid or is going away). */
  flush(): void {
    this.stopWaiting();
    if (!this.dirty) return;
    this.dirty = false;
    const record = this.build();
    if (!record) return;
    this.lastSave = this.now();
    this.enqueue(() => this.store.save(record));
  }

  /** The account's record, after every write already asked for; null when none (or the store failed). */
  load(accountKey: string): Promise<SavedPortfolio | null> {
    const loaded = this.chain.then(() => this.store.load(accountKey)).catch(() => null);
    this.chain = loaded;
    return loaded;
  }

  /** The account changed: a pending change of the previous one is dropped, not written. */
  cancel(): void {
    this.stopWaiting();
    this.dirty = false;
  }

  /** One account's record goes (the server ended its session). */
  remove(accountKey: string): Promise<void> {
    this.cancel();
    return this.enqueue(() => this.store.remove(accountKey));
  }

  /** Every record goes (sign-out): nothing of any account stays on the device. */
  clear(): Promise<void> {
    this.cancel();
    return this.enqueue(() => this.store.clear());
  }

  private stopWaiting(): void {
    this.wait?.unsubscribe();
    this.wait = null;
  }

  private enqueue(op: () => Promise<void>): Promise<void> {
    const next = this.chain.then(op).catch(() => {});
    this.chain = next;
    return next;
  }
}
