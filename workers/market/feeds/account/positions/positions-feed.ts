// The worker's positions state (issue 4 §5): one account's positions as the server gave them, valued live at
// the tickers the feed already keeps. Ticker messages only mark held symbols dirty; each ticker flush then
// re-prices just those symbols (calc/pnl.ts: one multiply per symbol), and posts the rows on screen that
// changed plus the totals (floating and today's P&L; day-roll.ts keeps today's across a PSX roll-over). The
// math is calc/'s; this file keeps the state and decides what crosses.
import type {
  PositionLiveView,
  PositionRowUpdate,
  PositionTotalsView,
  PositionsUpdate,
} from '../../../../protocol/positions-api.ts';
import type { Position } from '../../../../protocol/trade.ts';
import {
  applyPrices,
  createPnlBook,
  positionFigures,
  priceOf,
  removePnlInputs,
  setPnlInputs,
  todayFigures,
  totalFigures,
  totalTodayFigures,
  upsertPnlInputs,
  type PnlBook,
  type PnlInput,
} from '../../../calc/pnl.ts';
import { groupDecimal } from '../../../display.ts';
import { DayRoll } from './day-roll.ts';
import { infoView, sameInfo, sameLive, sameTotals, todayView, totalsView } from './positions-views.ts';

/** The live price of a symbol as the feed holds it (undefined: no ticker yet, the server's snapshot stands). */
export type PriceSource = (symbol: string) => string | undefined;

/** What today's P&L of a position depends on besides its price: a change rebuilds the book. */
function sameInputs(a: PnlInput | undefined, b: PnlInput): boolean {
  return (
    !!a &&
    a.qty === b.qty &&
    a.cost === b.cost &&
    a.prevClose === b.prevClose &&
    a.todayQty === b.todayQty &&
    a.todayCost === b.todayCost
  );
}

export class PositionsFeed {
  private account: string | null = null;
  private readonly book = createPnlBook([]);
  private readonly heldBySymbol = new Map<string, Position>();
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
  /** Previous closes the tickers report, against the server's (today's P&L across a day roll-over). */
  private readonly day = new DayRoll();
  /** Symbols re-priced by the last flush (tests and benches check that nothing else was). */
  lastRepriced: string[] = [];

  constructor(private readonly prices: PriceSource) {}

  get accountKey(): string | null {
    return this.account;
  }

  /** The held positions as the server last gave them, in list order (the portfolio kept offline). */
  held(): Position[] {
    return this.order.flatMap((s) => this.heldBySymbol.get(s) ?? []);
  }

  /** Whether a symbol is held (its ticker moves are worth keeping offline). */
  holds(symbol: string): boolean {
    return this.heldBySymbol.has(symbol);
  }

  /** The P&L book of the held positions (the balances add its live market value: calc/assets.ts). */
  get pnlBook(): PnlBook {
    return this.book;
  }

  /**
   * Sign-out, or another account before its first snapshot: nothing of the previous account survives, and
   * nothing posts until the next `set` (so the app shows "loading", not an empty portfolio).
   */
  clear(): void {
    this.account = null;
    this.heldBySymbol.clear();
    this.order = [];
    setPnlInputs(this.book, []);
    this.dirty.clear();
    this.needInfo.clear();
    this.sentLive.clear();
    this.sentPrice.clear();
    this.sentTotals = null;
    this.listDirty = false;
    this.removed = [];
    this.day.clear();
  }

  /**
   * Replaces every position. A poll of the hold list or a fresh snapshot replaces it, so for the same account only
   * what differs crosses again (rows whose position changed, the list if its order changed), and the book is
   * rebuilt only when a quantity or cost changed.
   */
  set(accountKey: string, positions: readonly Position[]): void {
    const next = new Map<string, Position>();
    for (const p of positions) next.set(p.symbol, p);
    if (accountKey !== this.account) {
      // Another account: nothing of the previous one may survive, not even a row's last strings.
      this.account = accountKey;
      this.sentLive.clear();
      this.sentPrice.clear();
      this.removed = [];
      this.heldBySymbol.clear();
      this.day.clear();
      this.replace(next, true);
      this.changedAll();
      return;
    }
    let rebuild = next.size !== this.heldBySymbol.size;
    for (const s of this.order) {
      if (next.has(s)) continue;
      this.removed.push(s);
      this.day.answered(s);
      this.sentLive.delete(s);
      this.needInfo.delete(s);
    }
    for (const [s, p] of next) {
      const was = this.heldBySymbol.get(s);
      this.day.answered(s);
      // The book's input for s against what this answer gives (quantity, cost, today's inputs).
      const i = this.book.index.get(s);
      const changed = !sameInputs(i === undefined ? undefined : this.book.inputs[i], this.input(p));
      if (changed) rebuild = true;
      // A changed input may change a row's today's figures at an unchanged price: it goes again.
      if (was && (changed || !sameInfo(was, p)) && this.visible.has(s)) this.needInfo.add(s);
    }
    const order = [...next.keys()];
    if (order.length !== this.order.length || order.some((s, k) => s !== this.order[k]))
      this.listDirty = true;
    this.replace(next, rebuild);
    if (rebuild) this.sentTotals = null;
  }

  private replace(next: Map<string, Position>, rebuild: boolean): void {
    this.heldBySymbol.clear();
    for (const [s, p] of next) {
      this.heldBySymbol.set(s, p);
      // Their tickers may have moved since the book last saw them: re-priced at the next flush.
      this.dirty.add(s);
    }
    this.order = [...next.keys()];
    if (rebuild) {
      setPnlInputs(
        this.book,
        [...next.values()].map((p) => this.input(p)),
      );
    }
  }

  upsert(accountKey: string, positions: readonly Position[]): void {
    if (accountKey !== this.account || !positions.length) return;
    for (const p of positions) {
      if (!this.heldBySymbol.has(p.symbol)) {
        this.order.push(p.symbol);
        this.listDirty = true;
      }
      this.heldBySymbol.set(p.symbol, p);
      this.day.answered(p.symbol);
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
    if (accountKey !== this.account || !this.heldBySymbol.delete(symbol)) return;
    this.order = this.order.filter((s) => s !== symbol);
    removePnlInputs(this.book, [symbol]);
    this.day.answered(symbol);
    this.removed.push(symbol);
    this.sentLive.delete(symbol);
    this.needInfo.delete(symbol);
    this.listDirty = true;
    this.sentTotals = null;
  }

  /**
   * Ticker messages just applied to the feed: held symbols among them are re-priced at the next flush, and a
   * moved previous close (the PSX day rolled over) re-bases their today's P&L.
   */
  noteTickers(tickers: readonly { s: string; pc?: string }[]): void {
    if (!this.heldBySymbol.size) return;
    for (const t of tickers) {
      const p = this.heldBySymbol.get(t.s);
      if (!p) continue;
      this.dirty.add(t.s);
      if (t.pc !== undefined && p.prevClose !== undefined) this.day.note(t.s, p.prevClose, t.pc);
    }
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

  /**
   * Something the user is waiting for: a row that scrolled into view, or the list itself changed. Such a flush
   * should not wait for the slow (P&L) clock, or a scrolled-in row would show blank for up to its period.
   */
  urgent(): boolean {
    return this.account !== null && (this.needInfo.size > 0 || this.listDirty || this.removed.length > 0);
  }

  /** What changed since the last flush, or null. */
  drain(): PositionsUpdate | null {
    this.lastRepriced = [];
    if (this.account === null) return null;
    const idle =
      !this.dirty.size &&
      !this.needInfo.size &&
      !this.listDirty &&
      !this.removed.length &&
      !this.day.rebased.size &&
      !this.day.rereadDue;
    if (idle && this.sentTotals) return null;
    const rowsDue = new Set(this.needInfo);
    if (this.day.rebased.size) {
      // One rebuild for every symbol whose day rolled in this flush (a PSX open rolls them all at once).
      const inputs: PnlInput[] = [];
      for (const s of this.day.rebased) {
        const p = this.heldBySymbol.get(s);
        if (p) inputs.push(this.input(p));
        if (this.visible.has(s)) rowsDue.add(s);
      }
      this.day.rebased.clear();
      upsertPnlInputs(this.book, inputs);
      this.sentTotals = null;
    }
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
    if (this.day.rereadDue) update.reread = true;
    this.day.rereadDue = false;
    if (this.lastRepriced.length || !this.sentTotals) {
      const totals = this.totals();
      if (!sameTotals(this.sentTotals, totals)) update.totals = this.sentTotals = totals;
    }
    return Object.keys(update).length > 1 ? update : null;
  }

  private row(symbol: string, withInfo: boolean): PositionRowUpdate | null {
    const pos = this.heldBySymbol.get(symbol);
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
      ...todayView(todayFigures(this.book, symbol)),
      dir: prevPx === undefined || prevPx === px ? 0 : px > prevPx ? 1 : -1,
    };
    if (!withInfo && sameLive(this.sentLive.get(symbol), live)) return null;
    this.sentLive.set(symbol, live);
    this.sentPrice.set(symbol, px);
    return withInfo ? { symbol, live, info: infoView(pos) } : { symbol, live };
  }

  private totals(): PositionTotalsView {
    return totalsView(this.heldBySymbol.size, totalFigures(this.book), totalTodayFigures(this.book));
  }

  private changedAll(): void {
    this.listDirty = true;
    this.sentTotals = null;
    for (const s of this.visible.keys()) this.needInfo.add(s);
  }

  private input(p: Position): PnlInput {
    const input: PnlInput = {
      key: p.symbol,
      symbol: p.symbol,
      qty: p.qty,
      cost: p.cost,
      last: this.prices(p.symbol) ?? p.lastPrice,
    };
    this.day.todayInputs(p, input);
    return input;
  }
}
