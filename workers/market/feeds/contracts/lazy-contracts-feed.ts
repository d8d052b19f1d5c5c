// The contracts feed, loaded when the app first hands over positions: most visits never open the contract
// screen, so the feed and the contract math stay out of the worker's first download (the first screens' byte
// ceiling counts the worker). Until it arrives this stand-in keeps the context and the latest positions.
import type { ContractPositionInput, ContractsFeedApi } from '../../../protocol/contracts-api.ts';
import { isContractKey } from '../../../protocol/contracts-api.ts';
import type { InterestKey } from '../../../protocol/worker-api.ts';
import type { Feed, FeedContext } from '../../host/feed.ts';
import type { PriceBoard } from '../market/price-board.ts';
import type { ContractsFeed } from './contracts-feed.ts';

export type ContractsFeedModule = { ContractsFeed: typeof ContractsFeed };

export class LazyContractsFeed implements Feed, ContractsFeedApi {
  private feed: ContractsFeed | null = null;
  private loading: Promise<void> | null = null;
  private ctx: FeedContext | null = null;
  private pending: [string, ContractPositionInput[]] | null = null;
  /** Rows on screen before the feed arrived (`contract:<id>` interest), handed over when it does. */
  private readonly shown = new Set<InterestKey>();
  private disposed = false;

  constructor(
    private readonly prices: PriceBoard,
    private readonly load: () => Promise<ContractsFeedModule> = () => import('./contracts-feed.ts'),
  ) {}

  start(ctx: FeedContext): void {
    this.ctx = ctx;
  }

  resend(): void {
    this.feed?.resend();
  }

  claims(key: InterestKey): boolean {
    return isContractKey(key);
  }

  activate(key: InterestKey): void {
    if (this.feed) this.feed.activate(key);
    else this.shown.add(key);
  }

  deactivate(key: InterestKey): void {
    if (this.feed) this.feed.deactivate(key);
    else this.shown.delete(key);
  }

  dispose(): void {
    this.disposed = true;
    this.feed?.dispose();
  }

  setContractPositions(accountKey: string, positions: ContractPositionInput[]): void {
    if (this.feed) return this.feed.setContractPositions(accountKey, positions);
    this.pending = [accountKey, positions];
    this.loading ??= this.load().then((m) => {
      if (this.disposed) return;
      const feed = new m.ContractsFeed(this.prices);
      if (this.ctx) feed.start(this.ctx);
      this.feed = feed;
      for (const key of this.shown) feed.activate(key);
      this.shown.clear();
      const p = this.pending;
      this.pending = null;
      if (p) feed.setContractPositions(p[0], p[1]);
    });
  }

  /** Resolves once the feed has loaded (tests). */
  ready(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }
}
