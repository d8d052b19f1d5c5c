// The contracts feed (issue 16 item 5): holds the caller's open perpetual positions the app handed over
// (protocol/contracts-api.ts) and re-values those of a pair on every batch of its tickers the market feed
// applies, and on every server mark (`mark:<SYM>`) it hears, exactly (contract-live.ts), at the published mark
// when there is one. Posts only the rows whose display strings changed. It claims no interest keys: the screen
// showing positions subscribes their pairs' tickers and marks itself.
import type { ContractLiveView, ContractPositionInput } from '../../../protocol/contracts-api.ts';
import type { ContractsFeedApi } from '../../../protocol/contracts-api.ts';
import type { Feed, FeedContext } from '../../host/feed.ts';
import type { PriceBoard } from '../market/price-board.ts';
import { liveMark, liveView, parsePosition, type LivePosition } from './contract-live.ts';

const same = (a: ContractLiveView, b: ContractLiveView): boolean =>
  a.mark === b.mark &&
  a.pnl === b.pnl &&
  a.roe === b.roe &&
  a.marginRatio === b.marginRatio &&
  a.liqDistance === b.liqDistance;

export class ContractsFeed implements Feed, ContractsFeedApi {
  private ctx: FeedContext | null = null;
  private accountKey = '';
  private readonly rows = new Map<number, LivePosition>();
  /** What the app was last sent, per position id. */
  private readonly sent = new Map<number, ContractLiveView>();

  constructor(private readonly prices: PriceBoard) {
    prices.onTickers((tickers) => {
      if (this.rows.size === 0) return;
      this.flush(new Set(tickers.map((t) => t.s)), []);
    });
    // The server's mark (mark:<SYM>, held while the screen shows interest in it) re-values the pair at once.
    prices.onMark?.((symbol) => {
      if (this.rows.size) this.flush(new Set([symbol]), []);
    });
  }

  start(ctx: FeedContext): void {
    this.ctx = ctx;
  }

  resend(): void {
    this.sent.clear();
    this.flush(null, []);
  }

  claims(): boolean {
    return false;
  }

  activate(): void {}
  deactivate(): void {}

  dispose(): void {
    this.rows.clear();
    this.sent.clear();
  }

  setContractPositions(accountKey: string, positions: ContractPositionInput[]): void {
    const removed: number[] = [];
    if (accountKey !== this.accountKey) this.sent.clear();
    else for (const id of this.rows.keys()) if (!positions.some((p) => p.id === id)) removed.push(id);
    this.accountKey = accountKey;
    this.rows.clear();
    for (const p of positions) {
      const live = parsePosition(p);
      if (live) this.rows.set(live.id, live);
    }
    for (const id of removed) this.sent.delete(id);
    this.flush(null, removed);
  }

  /** Values the rows of these pairs (all when null); posts what changed. */
  private flush(symbols: ReadonlySet<string> | null, removed: number[]): void {
    const rows: ContractLiveView[] = [];
    for (const p of this.rows.values()) {
      if (symbols && !symbols.has(p.symbol)) continue;
      const v = liveView(p, liveMark(p, this.prices.price(p.symbol), this.prices.mark?.(p.symbol)));
      const prev = this.sent.get(p.id);
      if (prev && same(prev, v)) continue;
      this.sent.set(p.id, v);
      rows.push(v);
    }
    if (!rows.length && !removed.length) return;
    this.ctx?.post({
      contracts: { accountKey: this.accountKey, rows, ...(removed.length ? { removed } : {}) },
    });
  }
}
