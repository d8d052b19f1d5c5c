// The worker's positions state (issue 4 §5): one account's positions as the server gave them, valued live at
// the tickers the feed already keeps. Ticker messages only mark held symbols dirty; each ticker flush then
// re-prices just those symbols (calc/pnl.ts: one multiply per symbol), and posts the rows on screen that
// changed plus the totals. The math is calc/'s; this file keeps the state and decides what crosses.
import type {
  PositionInfoView,
  PositionLiveView,
  PositionRowUpdate,
  PositionTotalsView,
  PositionsUpdate,
} from '../../protocol/market-api.ts';
import type { Position } from '../../protocol/trade.ts';
import {
  applyPrices,
  createPnlBook,
  positionFigures,
  priceOf,
  removePnlInputs,
  setPnlInputs,
  totalFigures,
  upsertPnlInputs,
  type PnlInput,
} from '../calc/pnl.ts';
import { groupDecimal, truncateDecimal } from '../display.ts';

/** The live price of a symbol as the feed holds it (undefined: no ticker yet, the server's snapshot stands). */
export type PriceSource = (symbol: string) => string | undefined;

function infoView(p: Position): PositionInfoView {
  return {
    nameEn: p.nameEn,
    nameUr: p.nameUr,
    qty: groupDecimal(p.qty),
    available: groupDecimal(p.available),
    locked: groupDecimal(p.locked),
    avgCost: groupDecimal(truncateDecimal(p.avgCost, 2)),
    cost: groupDecimal(truncateDecimal(p.cost, 2)),
  };
}

function sameLive(a: PositionLiveView | undefined, b: PositionLiveView): boolean {
  return (
    !!a && a.last === b.last && a.marketValue === b.marketValue && a.pnl === b.pnl && a.pnlPct === b.pnlPct
  );
}

function sameTotals(a: PositionTotalsView | null, b: PositionTotalsView): boolean {
  return (
    !!a && a.count === b.count && a.marketValue === b.marketValue && a.cost === b.cost && a.pnl === b.pnl
  );
}

export class PositionsFeed {
  private account: string | null = null;
  private readonly book = createPnlBook([]);
  private readonly held = new Map<string, Position>();
  private order: string[] = [];
  /** Rows on screen (reference counts, like the ticker interest). */
  private readonly visible = new Map<string, number>();
  /** Held symbols whose ticker moved since the last flush. */
  private readonly dirty = new Set<string>();
  /** Rows on screen to post in full (first shown, position changed, new listener). */
  private readonly needInfo = new Set<string>();
  private readonly sentLive = new Map<string, PositionLiveView>();
  private readonly sentPrice = new Map<string, number>();
  private sentTotals: PositionTotalsView | null = null;
  private listDirty = false;
  private removed: string[] = [];
  /** Symbols re-priced by the last flush (tests and benches check that nothing else was). */
  lastRepriced: string[] = [];

  constructor(private readonly prices: PriceSource) {}

  get accountKey(): string | null {
    return this.account;
  }

  set(accountKey: string, positions: readonly Position[]): void {
    if (accountKey !== this.account) {
      // Another account: nothing of the previous one may survive, not even a row's last strings.
      this.account = accountKey;
      this.sentLive.clear();
      this.sentPrice.clear();
      this.removed = [];
    } else {
      const next = new Set(positions.map((p) => p.symbol));
      for (const s of this.order) {
        if (next.has(s)) continue;
        this.removed.push(s);
        this.sentLive.delete(s);
      }
    }
    this.held.clear();
    for (const p of positions) this.held.set(p.symbol, p);
    this.order = [...this.held.keys()];
    setPnlInputs(
      this.book,
      [...this.held.values()].map((p) => this.input(p)),
    );
    this.changedAll();
    // Their tickers may have moved since the book last saw them: re-priced at the next flush.
    for (const s of this.held.keys()) this.dirty.add(s);
  }

  upsert(accountKey: string, positions: readonly Position[]): void {
    if (accountKey !== this.account || !positions.length) return;
    for (const p of positions) {
      if (!this.held.has(p.symbol)) {
        this.order.push(p.symbol);
        this.listDirty = true;
      }
      this.held.set(p.symbol, p);
      this.dirty.add(p.symbol);
      if (this.visible.has(p.symbol)) this.needInfo.add(p.symbol);
    }
    upsertPnlInputs(
      this.book,
      positions.map((p) => this.input(p)),
    );
    this.sentTotals = null;
  }

  remove(accountKey: string, symbol: string): void {
    if (accountKey !== this.account || !this.held.delete(symbol)) return;
    this.order = this.order.filter((s) => s !== symbol);
    removePnlInputs(this.book, [symbol]);
    this.removed.push(symbol);
    this.sentLive.delete(symbol);
    this.needInfo.delete(symbol);
    this.listDirty = true;
    this.sentTotals = null;
  }

  /** Ticker messages just applied to the feed: held symbols among them are re-priced at the next flush. */
  noteTickers(tickers: readonly { s: string }[]): void {
    if (!this.held.size) return;
    for (const t of tickers) if (this.held.has(t.s)) this.dirty.add(t.s);
  }

  show(symbol: string): void {
    const n = (this.visible.get(symbol) ?? 0) + 1;
    this.visible.set(symbol, n);
    if (n === 1) this.needInfo.add(symbol);
  }

  hide(symbol: string): void {
    const n = (this.visible.get(symbol) ?? 0) - 1;
    if (n > 0) {
      this.visible.set(symbol, n);
      return;
    }
    this.visible.delete(symbol);
    this.needInfo.delete(symbol);
    this.sentLive.delete(symbol);
  }

  /** A new listener knows nothing: list, totals and every row on screen go again. */
  resend(): void {
    this.sentLive.clear();
    this.changedAll();
  }

  /** What changed since the last flush, or null. */
  drain(): PositionsUpdate | null {
    this.lastRepriced = [];
    if (this.account === null) return null;
    const idle = !this.dirty.size && !this.needInfo.size && !this.listDirty && !this.removed.length;
    if (idle && this.sentTotals) return null;
    const rowsDue = new Set(this.needInfo);
    if (this.dirty.size) {
      const changes: [string, string][] = [];
      for (const s of this.dirty) {
        const p = this.prices(s);
        if (p !== undefined) changes.push([s, p]);
      }
      this.dirty.clear();
      const moved = applyPrices(this.book, changes).symbols;
      this.lastRepriced = moved;
      for (const s of moved) if (this.visible.has(s)) rowsDue.add(s);
    }
    const update: PositionsUpdate = { accountKey: this.account };
    const rows: PositionRowUpdate[] = [];
    for (const s of rowsDue) {
      const row = this.row(s, this.needInfo.has(s));
      if (row) rows.push(row);
    }
    this.needInfo.clear();
    if (rows.length) update.rows = rows;
    if (this.listDirty) update.symbols = this.order.slice();
    if (this.removed.length) update.removed = this.removed;
    this.listDirty = false;
    this.removed = [];
    if (this.lastRepriced.length || !this.sentTotals) {
      const totals = this.totals();
      if (!sameTotals(this.sentTotals, totals)) update.totals = this.sentTotals = totals;
    }
    return Object.keys(update).length > 1 ? update : null;
  }

  private row(symbol: string, withInfo: boolean): PositionRowUpdate | null {
    const pos = this.held.get(symbol);
    const f = positionFigures(this.book, symbol);
    if (!pos || !f) return null;
    const last = priceOf(this.book, symbol) ?? '0';
    const px = +last;
    const prevPx = this.sentPrice.get(symbol);
    const live: PositionLiveView = {
      last: groupDecimal(last),
      marketValue: f.marketValue,
      pnl: f.pnl,
      pnlPct: f.pnlPct,
      pnlValue: f.pnlValue,
      pnlPctValue: f.pnlPctValue,
      dir: prevPx === undefined || prevPx === px ? 0 : px > prevPx ? 1 : -1,
    };
    if (!withInfo && sameLive(this.sentLive.get(symbol), live)) return null;
    this.sentLive.set(symbol, live);
    this.sentPrice.set(symbol, px);
    return withInfo ? { symbol, live, info: infoView(pos) } : { symbol, live };
  }

  private totals(): PositionTotalsView {
    const t = totalFigures(this.book);
    return {
      count: this.held.size,
      marketValue: t.marketValue,
      cost: t.cost,
      pnl: t.pnl,
      pnlPct: t.pnlPct,
      pnlValue: t.pnlValue,
      pnlPctValue: t.pnlPctValue,
    };
  }

  private changedAll(): void {
    this.listDirty = true;
    this.sentTotals = null;
    for (const s of this.visible.keys()) this.needInfo.add(s);
  }

  private input(p: Position): PnlInput {
    return {
      key: p.symbol,
      symbol: p.symbol,
      qty: p.qty,
      cost: p.cost,
      last: this.prices(p.symbol) ?? p.lastPrice,
    };
  }
}
