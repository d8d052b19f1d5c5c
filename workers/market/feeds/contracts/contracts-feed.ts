// The contracts feed (issue 16 item 5): holds the caller's open perpetual positions the app handed over
// (protocol/contracts-api.ts) and re-values every position of a pair on every batch of its tickers the market
// feed applies, and on every server mark (`mark:<SYM>`) it hears, exactly, at the published mark when there is
// one: float64 integers under a checked bound (contract-kernel.ts), the BigInt math of contract-live.ts when a
// position leaves that range. Every position feeds the totals (Σ uPnL, positions at risk); display strings are
// made only for the rows on screen (`contract:<id>` interest, claimed here) and posted when they changed.
// The screen showing positions subscribes their pairs' tickers and marks itself.
import type {
  ContractLiveView,
  ContractPositionInput,
  ContractsFeedApi,
  ContractsTotalsView,
  ContractsUpdate,
} from '../../../protocol/contracts-api.ts';
import { CONTRACT_RISK_PCT, isContractKey } from '../../../protocol/contracts-api.ts';
import type { InterestKey } from '../../../protocol/worker-api.ts';
import type { Feed, FeedContext } from '../../host/feed.ts';
import type { PriceBoard } from '../market/price-board.ts';
import { formatMinor, parseSignedMinor } from '../../../../contract/money.ts';
import { liveView, markAt, parsePosition, type LivePosition } from './contract-live.ts';
import { emptyFigures, fastInputs, figures, viewOf, type FastInputs } from './contract-kernel.ts';

const same = (a: ContractLiveView, b: ContractLiveView): boolean =>
  a.mark === b.mark &&
  a.pnl === b.pnl &&
  a.roe === b.roe &&
  a.marginRatio === b.marginRatio &&
  a.liqDistance === b.liqDistance;

const LIMIT = 2 ** 52;
const SUM_LIMIT = 2 ** 51;

/** One held position: its parsed inputs, its fast inputs (null: BigInt only), and what the totals hold of it. */
interface Held {
  id: number;
  /** the price's places (the grid's), kept here so a tick does not walk to the grid for it */
  pd: number;
  live: LivePosition;
  fast: FastInputs | null;
  /** its row is on screen */
  shown: boolean;
  /** last uPnL in micro-USDT; NaN when past the float range (`big` holds it then) */
  pnl: number;
  big: bigint;
  /** 1 at or past CONTRACT_RISK_PCT */
  risk: number;
}

const scratch = emptyFigures();

export class ContractsFeed implements Feed, ContractsFeedApi {
  private ctx: FeedContext | null = null;
  private accountKey = '';
  private readonly rows = new Map<number, Held>();
  /** The same rows by pair: a pair's tick values its own positions without passing over the others. */
  private readonly bySymbol = new Map<string, Held[]>();
  /**
   * The totals, kept as each position moves: Σ uPnL and Σ|uPnL| of the positions held as floats, how many are
   * held as BigInt (past the range), how many at risk; `exact` says the float sums were exact when last read.
   */
  private sum = 0;
  private abs = 0;
  private bigCount = 0;
  private atRisk = 0;
  private exact = true;
  /** Rows on screen (`contract:<id>` interest). */
  private readonly shown = new Set<number>();
  /** What the app was last sent, per shown position id, and the totals. */
  private readonly sent = new Map<number, ContractLiveView>();
  private sentTotals: ContractsTotalsView | null = null;

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
    this.sentTotals = null;
    this.flush(null, []);
  }

  claims(key: InterestKey): boolean {
    return isContractKey(key);
  }

  activate(key: InterestKey): void {
    const id = Number(key.slice('contract:'.length));
    if (!Number.isSafeInteger(id) || this.shown.has(id)) return;
    this.shown.add(id);
    // a row coming on screen gets its figures now, not at the pair's next tick
    const held = this.rows.get(id);
    if (!held) return;
    held.shown = true;
    this.flush(new Set([held.live.symbol]), []);
  }

  deactivate(key: InterestKey): void {
    const id = Number(key.slice('contract:'.length));
    this.shown.delete(id);
    this.sent.delete(id);
    const held = this.rows.get(id);
    if (held) held.shown = false;
  }

  dispose(): void {
    this.rows.clear();
    this.bySymbol.clear();
    this.sent.clear();
    this.shown.clear();
  }

  setContractPositions(accountKey: string, positions: ContractPositionInput[]): void {
    const removed: number[] = [];
    if (accountKey !== this.accountKey) {
      this.sent.clear();
      this.sentTotals = null;
    } else {
      const ids = new Set(positions.map((p) => p.id));
      for (const id of this.rows.keys()) if (!ids.has(id)) removed.push(id);
    }
    this.accountKey = accountKey;
    this.rows.clear();
    this.bySymbol.clear();
    this.sum = this.abs = this.bigCount = this.atRisk = 0;
    this.exact = true;
    for (const p of positions) {
      const live = parsePosition(p);
      if (!live) continue;
      const held: Held = {
        id: live.id,
        pd: live.grid.priceDecimals,
        live,
        fast: fastInputs(live),
        shown: this.shown.has(live.id),
        pnl: 0,
        big: 0n,
        risk: 0,
      };
      this.rows.set(live.id, held);
      const list = this.bySymbol.get(live.symbol);
      if (list) list.push(held);
      else this.bySymbol.set(live.symbol, [held]);
    }
    for (const id of removed) this.sent.delete(id);
    this.flush(null, removed);
  }

  /** Values the positions of these pairs (all when null); posts the shown rows and totals that changed. */
  private flush(symbols: ReadonlySet<string> | null, removed: number[]): void {
    const rows: ContractLiveView[] = [];
    const lists = symbols ? [...symbols].map((s) => this.bySymbol.get(s)) : [...this.bySymbol.values()];
    for (const list of lists) {
      if (!list?.length) continue;
      // The pair's prices, read (and its published mark parsed) once for its positions, not once for each.
      const symbol = list[0]!.live.symbol;
      const text = this.prices.mark?.(symbol);
      const last = this.prices.price(symbol);
      let d = -1;
      let published: bigint | null = null;
      let publishedNum = 0;
      let sum = 0;
      let abs = 0;
      let atRisk = 0;
      for (const h of list) {
        const pd = h.pd;
        if (d !== pd) {
          d = pd;
          published = text === undefined ? null : parseSignedMinor(text, d);
          if (published !== null && published <= 0n) published = null;
          publishedNum = published === null ? 0 : Number(published);
        }
        // the published mark is the pair's, the same for each position; without it each has its own premium
        const mark = published ?? markAt(h.live, last, null);
        const m = published === null ? Number(mark) : publishedNum;
        let view: ContractLiveView | null = null;
        if (h.fast && m < LIMIT && figures(h.fast, m, scratch)) {
          // hold(h, …) inlined on the hot path, into this pair's running deltas
          const old = h.pnl;
          const pnl = scratch.pnl;
          if (old === old) {
            sum -= old;
            abs -= old < 0 ? -old : old;
          } else this.bigCount--;
          sum += pnl;
          abs += pnl < 0 ? -pnl : pnl;
          h.pnl = pnl;
          const risk = scratch.ratioValue >= CONTRACT_RISK_PCT ? 1 : 0;
          atRisk += risk - h.risk;
          h.risk = risk;
          if (h.shown) view = viewOf(h.id, m, d, scratch);
        } else {
          view = liveView(h.live, mark);
          const pnl = BigInt(view.pnl.replace('.', ''));
          const small = pnl < BigInt(LIMIT) && pnl > -BigInt(LIMIT);
          this.hold(h, small ? Number(pnl) : NaN, pnl, view.marginRatioValue >= CONTRACT_RISK_PCT ? 1 : 0);
        }
        if (!h.shown || !view) continue;
        const prev = this.sent.get(h.id);
        if (prev && same(prev, view)) continue;
        this.sent.set(h.id, view);
        rows.push(view);
      }
      this.sum += sum;
      this.abs += abs;
      this.atRisk += atRisk;
    }
    const totals = this.totals();
    const t = this.sentTotals;
    const totalsChanged =
      !t || t.count !== totals.count || t.pnl !== totals.pnl || t.atRisk !== totals.atRisk;
    if (!rows.length && !removed.length && !totalsChanged) return;
    if (totalsChanged) this.sentTotals = totals;
    const update: ContractsUpdate = { accountKey: this.accountKey, rows };
    if (removed.length) update.removed = removed;
    if (totalsChanged) update.totals = totals;
    this.ctx?.post({ contracts: update });
  }

  /** Moves a position's part of the totals to its new figures. */
  private hold(h: Held, pnl: number, big: bigint, risk: number): void {
    const old = h.pnl;
    if (old === old) {
      this.sum -= old;
      this.abs -= old < 0 ? -old : old;
    } else this.bigCount--;
    if (pnl === pnl) {
      this.sum += pnl;
      this.abs += pnl < 0 ? -pnl : pnl;
    } else this.bigCount++;
    h.pnl = pnl;
    h.big = big;
    this.atRisk += risk - h.risk;
    h.risk = risk;
  }

  /**
   * Σ uPnL and the positions at risk. The running float sums are exact while Σ|uPnL| < 2^51 (no term, partial
   * sum or per-pair delta then reaches 2^53); past that, or after a BigInt position, they are counted again
   * from the rows, and the sum is added up as BigInt until a recount finds them back in range.
   */
  private totals(): ContractsTotalsView {
    if (!(this.exact && this.bigCount === 0 && this.abs < SUM_LIMIT)) this.recount();
    const { sum, atRisk } = this;
    const count = this.rows.size;
    if (this.exact) {
      return { count, pnl: formatMinor(sum, 6), pnlSign: sum > 0 ? 1 : sum < 0 ? -1 : 0, atRisk };
    }
    let big = 0n;
    for (const h of this.rows.values()) big += h.pnl === h.pnl ? BigInt(h.pnl) : h.big;
    return { count, pnl: formatMinor(big, 6), pnlSign: big > 0n ? 1 : big < 0n ? -1 : 0, atRisk };
  }

  private recount(): void {
    let sum = 0;
    let abs = 0;
    let big = 0;
    for (const h of this.rows.values()) {
      const v = h.pnl;
      if (v === v) {
        sum += v;
        abs += v < 0 ? -v : v;
      } else big++;
    }
    this.sum = sum;
    this.abs = abs;
    this.bigCount = big;
    this.exact = big === 0 && abs < SUM_LIMIT;
  }
}
