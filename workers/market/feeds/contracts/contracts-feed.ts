// The contracts feed (issue 16 item 5): holds the caller's open perpetual positions the app handed over
// (protocol/contracts-api.ts) and re-values every position of a pair on every batch of its tickers the market
// feed applies, and on every server mark (`mark:<SYM>`) it hears, exactly, at the published mark when there is
// one: float64 integers under a checked bound (contract-kernel.ts: a pair's positions in parallel arrays), the
// BigInt math of contract-live.ts when a position leaves that range. Every position feeds the totals (Σ uPnL, positions at risk); display strings are
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
import { emptyFigures, fastBook, figuresAt, viewOf, type FastBook } from './contract-kernel.ts';

const same = (a: ContractLiveView, b: ContractLiveView): boolean =>
  a.mark === b.mark &&
  a.pnl === b.pnl &&
  a.roe === b.roe &&
  a.marginRatio === b.marginRatio &&
  a.liqDistance === b.liqDistance;

const LIMIT = 2 ** 52;
const SUM_LIMIT = 2 ** 51;

/** The positions of one pair and grid; slot j of every array is `live[j]`. */
interface Group {
  symbol: string;
  /** the price's places (the grid's) */
  pd: number;
  live: LivePosition[];
  book: FastBook;
  /** last uPnL in micro-USDT; NaN when past the float range (`big` holds it then, by slot) */
  pnl: Float64Array;
  big: Map<number, bigint>;
  /** 1 at or past CONTRACT_RISK_PCT */
  risk: Uint8Array;
  /** 1 while its row is on screen */
  shown: Uint8Array;
}

interface Slot {
  group: Group;
  j: number;
}

const scratch = emptyFigures();

export class ContractsFeed implements Feed, ContractsFeedApi {
  private ctx: FeedContext | null = null;
  private accountKey = '';
  private readonly rows = new Map<number, Slot>();
  /** The groups by pair: a pair's tick values its own positions without passing over the others. */
  private readonly bySymbol = new Map<string, Group[]>();
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
    const slot = this.rows.get(id);
    if (!slot) return;
    slot.group.shown[slot.j] = 1;
    this.flush(new Set([slot.group.symbol]), []);
  }

  deactivate(key: InterestKey): void {
    const id = Number(key.slice('contract:'.length));
    this.shown.delete(id);
    this.sent.delete(id);
    const slot = this.rows.get(id);
    if (slot) slot.group.shown[slot.j] = 0;
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
    // one group per pair and grid (a pair's positions share both unless the server changed the grid)
    const parts = new Map<string, LivePosition[]>();
    for (const p of positions) {
      const live = parsePosition(p);
      if (!live) continue;
      const key = `${live.symbol}/${live.grid.priceDecimals}/${live.grid.qtyDecimals}`;
      const list = parts.get(key);
      if (list) list.push(live);
      else parts.set(key, [live]);
    }
    for (const live of parts.values()) {
      const n = live.length;
      const group: Group = {
        symbol: live[0]!.symbol,
        pd: live[0]!.grid.priceDecimals,
        live,
        book: fastBook(live),
        pnl: new Float64Array(n),
        big: new Map(),
        risk: new Uint8Array(n),
        shown: new Uint8Array(n),
      };
      for (let j = 0; j < n; j++) {
        this.rows.set(live[j]!.id, { group, j });
        if (this.shown.has(live[j]!.id)) group.shown[j] = 1;
      }
      const list = this.bySymbol.get(group.symbol);
      if (list) list.push(group);
      else this.bySymbol.set(group.symbol, [group]);
    }
    for (const id of removed) this.sent.delete(id);
    this.flush(null, removed);
  }

  /** Values the positions of these pairs (all when null); posts the shown rows and totals that changed. */
  private flush(symbols: ReadonlySet<string> | null, removed: number[]): void {
    const rows: ContractLiveView[] = [];
    const lists = symbols ? [...symbols].map((s) => this.bySymbol.get(s)) : [...this.bySymbol.values()];
    for (const list of lists) for (const g of list ?? []) this.value(g, rows);
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

  /** Re-values one group at its pair's prices (read, and the published mark parsed, once for all of it). */
  private value(g: Group, rows: ContractLiveView[]): void {
    const text = this.prices.mark?.(g.symbol);
    const last = this.prices.price(g.symbol);
    let published = text === undefined ? null : parseSignedMinor(text, g.pd);
    if (published !== null && published <= 0n) published = null;
    const publishedNum = published === null ? 0 : Number(published);
    const { book, live, pnl: pnls, risk: risks, shown } = g;
    let sum = 0;
    let abs = 0;
    let atRisk = 0;
    let big = 0;
    for (let j = 0; j < book.n; j++) {
      // the published mark is the pair's, the same for each position; without it each has its own premium
      let mark = published;
      let m = publishedNum;
      if (mark === null) {
        mark = markAt(live[j]!, last, null);
        m = Number(mark);
      }
      let view: ContractLiveView | null = null;
      let pnl: number;
      let risk: number;
      if (m < LIMIT && figuresAt(book, j, m, scratch)) {
        pnl = scratch.pnl;
        risk = scratch.ratioValue >= CONTRACT_RISK_PCT ? 1 : 0;
        if (shown[j] === 1) view = viewOf(live[j]!.id, m, g.pd, scratch);
      } else {
        view = liveView(live[j]!, mark);
        const exact = BigInt(view.pnl.replace('.', ''));
        const fits = exact < BigInt(LIMIT) && exact > -BigInt(LIMIT);
        pnl = fits ? Number(exact) : NaN;
        if (fits) g.big.delete(j);
        else g.big.set(j, exact);
        risk = view.marginRatioValue >= CONTRACT_RISK_PCT ? 1 : 0;
      }
      // this position's part of the totals moves from its last figures to these
      const old = pnls[j]!;
      if (old === old) {
        sum -= old;
        abs -= old < 0 ? -old : old;
      } else big--;
      if (pnl === pnl) {
        sum += pnl;
        abs += pnl < 0 ? -pnl : pnl;
      } else big++;
      pnls[j] = pnl;
      atRisk += risk - risks[j]!;
      risks[j] = risk;
      if (shown[j] !== 1 || !view) continue;
      const id = live[j]!.id;
      const prev = this.sent.get(id);
      if (prev && same(prev, view)) continue;
      this.sent.set(id, view);
      rows.push(view);
    }
    this.sum += sum;
    this.abs += abs;
    this.bigCount += big;
    this.atRisk += atRisk;
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
    for (const list of this.bySymbol.values())
      for (const g of list)
        for (let j = 0; j < g.book.n; j++) {
          const v = g.pnl[j]!;
          big += v === v ? BigInt(v) : g.big.get(j)!;
        }
    return { count, pnl: formatMinor(big, 6), pnlSign: big > 0n ? 1 : big < 0n ? -1 : 0, atRisk };
  }

  private recount(): void {
    let sum = 0;
    let abs = 0;
    let big = 0;
    for (const list of this.bySymbol.values())
      for (const g of list)
        for (let j = 0; j < g.book.n; j++) {
          const v = g.pnl[j]!;
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
