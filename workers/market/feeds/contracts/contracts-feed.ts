// The contracts feed (issue 16 item 5): holds the caller's open perpetual positions the app handed over
// (protocol/contracts-api.ts) and re-values those of a pair on every batch of its tickers the market feed
// applies, and on every server mark (`mark:<SYM>`) it hears, exactly (contract-live.ts), at the published mark
// when there is one. Posts only the rows whose display strings changed. It claims no interest keys: the screen
// showing positions subscribes their pairs' tickers and marks itself.
import type { ContractLiveView, ContractPositionInput } from '../../../protocol/contracts-api.ts';
import type { ContractsFeedApi } from '../../../protocol/contracts-api.ts';
import type { Feed, FeedContext } from '../../host/feed.ts';
import type { PriceBoard } from '../market/price-board.ts';
import { parseSignedMinor } from '../../../../contract/money.ts';
import { liveView, markAt, parsePosition, type LivePosition } from './contract-live.ts';

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
  /** The same rows by pair: a pair's tick values its own positions without passing over the others. */
  private readonly bySymbol = new Map<string, LivePosition[]>();
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
    this.bySymbol.clear();
    this.sent.clear();
  }

  setContractPositions(accountKey: string, positions: ContractPositionInput[]): void {
    const removed: number[] = [];
    if (accountKey !== this.accountKey) this.sent.clear();
    else for (const id of this.rows.keys()) if (!positions.some((p) => p.id === id)) removed.push(id);
    this.accountKey = accountKey;
    this.rows.clear();
    this.bySymbol.clear();
    for (const p of positions) {
      const live = parsePosition(p);
      if (!live) continue;
      this.rows.set(live.id, live);
      const list = this.bySymbol.get(live.symbol);
      if (list) list.push(live);
      else this.bySymbol.set(live.symbol, [live]);
    }
    for (const id of removed) this.sent.delete(id);
    this.flush(null, removed);
  }

  /** Values the rows of these pairs (all when null); posts what changed. */
  private flush(symbols: ReadonlySet<string> | null, removed: number[]): void {
    const rows: ContractLiveView[] = [];
    const lists = symbols ? [...symbols].map((s) => this.bySymbol.get(s)) : [[...this.rows.values()]];
    for (const list of lists) {
      if (!list) continue;
      // The pair's prices, read (and its published mark parsed) once for its positions, not once for each.
      let symbol = '';
      let d = -1;
      let mark: bigint | null = null;
      let last: string | undefined;
      for (const p of list) {
        if (symbol !== p.symbol || d !== p.grid.priceDecimals) {
          symbol = p.symbol;
          d = p.grid.priceDecimals;
          const text = this.prices.mark?.(symbol);
          mark = text === undefined ? null : parseSignedMinor(text, d);
          last = this.prices.price(symbol);
        }
        const v = liveView(p, markAt(p, last, mark));
        const prev = this.sent.get(p.id);
        if (prev && same(prev, v)) continue;
        this.sent.set(p.id, v);
        rows.push(v);
      }
    }
    if (!rows.length && !removed.length) return;
    this.ctx?.post({
      contracts: { accountKey: this.accountKey, rows, ...(removed.length ? { removed } : {}) },
    });
  }
}
