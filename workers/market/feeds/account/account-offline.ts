// The account feed's offline side (issue 14 §5): keeps the account's last known portfolio on the device
// (offline/portfolio-keeper.ts, at most every 2 s and when the page hides), puts it back when the same account
// starts without a network, and says how old the figures on screen are: `asOf` is null while a source
// delivers, else the time they were last known live. Sign-out clears every account's record; an account the
// server ended loses its own. Nothing of one account is ever written under, or shown for, another.
import type { AccountFeedState, AccountUpdate } from '../../../protocol/account-api.ts';
import type { MarketTickers, PriceBoard } from '../market/price-board.ts';
import { PortfolioKeeper } from '../../offline/portfolio-keeper.ts';
import { portfolioRecord, type PortfolioParts } from '../../offline/portfolio-record.ts';
import type { PortfolioStore, SavedPortfolio, SavedWatchlist } from '../../offline/saved-portfolio.ts';

/** What the feed holds of the account now (null: no account, or nothing of it yet). */
export type HeldParts = Omit<PortfolioParts, 'asOf' | 'watchlist'>;

export class AccountOffline {
  private readonly keeper: PortfolioKeeper | null;
  private accountKey: string | null = null;
  /** A source delivered this account's data in this session (only then is it worth saving). */
  private fresh = false;
  /** The last moment the account's figures were known live. */
  private liveAt: number | null = null;
  private asOf: number | null = null;
  private asOfDirty = false;
  private watchlist: SavedWatchlist | null = null;
  private watchlistDirty = false;
  /**
   * The account's saved record has been read (or found missing). Until then nothing is written: a record
   * built before it would drop the saved watchlist and the watched symbols' tickers that this session has not
   * heard of yet (a live answer can come before the device's store does: the CI failure of c62766d).
   */
  private loaded = false;
  private generation = 0;

  constructor(
    store: PortfolioStore | undefined,
    private readonly now: () => number,
    private readonly prices: PriceBoard,
    private readonly held: () => HeldParts | null,
  ) {
    this.keeper = store ? new PortfolioKeeper(store, now, () => this.record()) : null;
  }

  /**
   * Another account (or none: sign-out, which clears every record). Resolves with the new account's saved
   * portfolio while it is still the account and nothing live has come for it, else null.
   */
  async switchTo(accountKey: string | null): Promise<SavedPortfolio | null> {
    const generation = ++this.generation;
    this.keeper?.cancel();
    this.accountKey = accountKey;
    this.fresh = false;
    this.liveAt = null;
    this.asOf = null;
    this.asOfDirty = false;
    this.watchlist = null;
    this.watchlistDirty = false;
    this.loaded = false;
    if (!this.keeper) return null;
    if (accountKey === null) {
      await this.keeper.clear();
      return null;
    }
    const saved = await this.keeper.load(accountKey);
    if (generation !== this.generation) return null;
    this.loaded = true;
    if (saved) {
      // The kept watchlist stays the account's until the app reads a newer one (a session that never opens
      // the watchlist must not save it away); posted, so the app has it until its own query answers.
      if (!this.watchlist && saved.watchlist) {
        this.watchlist = saved.watchlist;
        this.watchlistDirty = true;
      }
    }
    // A change that came while the store was read was not written (record() waits for the read): it is now.
    if (this.fresh) {
      this.keeper.changed();
      return null;
    }
    return saved;
  }

  /** The saved portfolio is on screen: the market feed takes its tickers first, so P&L reads as it did. */
  restoring(saved: SavedPortfolio): MarketTickers[] {
    this.asOf = saved.asOf;
    this.asOfDirty = true;
    return saved.tickers;
  }

  /** A source delivered the account's data: the figures are live, and worth keeping. */
  delivered(): void {
    this.fresh = true;
    this.liveAt = this.now();
    if (this.asOf !== null) {
      this.asOf = null;
      this.asOfDirty = true;
    }
    this.keeper?.changed();
  }

  /** The feed's sources changed: offline makes the figures "as of" their last live moment. */
  sources(state: AccountFeedState): void {
    if (state === 'offline' && this.fresh && this.asOf === null) {
      this.asOf = this.liveAt ?? this.now();
      this.asOfDirty = true;
    }
  }

  /** On every flush: while a source delivers, the figures held are live as of now. */
  tick(state: AccountFeedState): void {
    if (this.fresh && (state === 'live' || state === 'polling')) this.liveAt = this.now();
  }

  /** A held or watched symbol's price moved: the saved copy is behind. */
  pricesMoved(symbols: readonly { s: string }[], holds: (s: string) => boolean): void {
    if (!this.fresh || !this.keeper) return;
    const w = this.watchlist;
    for (const t of symbols) {
      if (holds(t.s) || (w && (w.stocks.includes(t.s) || w.coins.includes(t.s)))) {
        this.keeper.changed();
        return;
      }
    }
  }

  /** The app read the account's watchlist (online): kept with the portfolio. */
  setWatchlist(accountKey: string, w: SavedWatchlist): void {
    if (accountKey !== this.accountKey) return;
    this.watchlist = w;
    if (this.fresh) this.keeper?.changed();
  }

  /** Page hidden or going away: write what is pending now. */
  hidden(): void {
    this.keeper?.flush();
  }

  /** The server ended this account's session: its record goes. */
  ended(): void {
    if (this.accountKey !== null) void this.keeper?.remove(this.accountKey);
    this.fresh = false;
  }

  /** A new listener knows nothing. */
  resend(): void {
    this.asOfDirty = this.accountKey !== null;
    this.watchlistDirty = this.watchlist !== null;
  }

  /** Adds what changed of the offline side to the feed's next post. */
  fill(update: AccountUpdate): void {
    if (this.asOfDirty) update.asOf = this.asOf;
    if (this.watchlistDirty && this.watchlist) update.watchlist = this.watchlist;
    this.asOfDirty = false;
    this.watchlistDirty = false;
  }

  private record(): SavedPortfolio | null {
    const parts = this.fresh && this.loaded ? this.held() : null;
    if (!parts || parts.accountKey !== this.accountKey) return null;
    const pricesAt = this.prices.freshAt();
    const liveAt = this.asOf ?? this.liveAt ?? this.now();
    const asOf = pricesAt === null ? liveAt : Math.min(liveAt, pricesAt);
    return portfolioRecord({ ...parts, asOf, watchlist: this.watchlist }, this.prices);
  }
}
