// Today's P&L across a PSX day roll-over, for the positions feed. The server's todayQty and todayCost belong
// to the trading day of the prevClose it sent with them. A different close on the ticker means a new trading
// day began after that answer (the simulator, like the exchange, rolls the close when a PSX day opens): every
// share then counts from the new close, which is what the book values until the app's re-read of the hold
// list (asked for here) brings the server's own figures and T+1 locks for the new day.
import type { Position } from '../../../../protocol/trade.ts';
import { plainOrZero } from '../../../../../contract/money.ts';
import { isZeroString, subDecimal } from '../../../../../contract/money-wire.ts';
import type { PnlInput } from '../../../calc/pnl.ts';

export class DayRoll {
  /** Closes from the ticker stream, per held symbol, since the server's last answer for it. */
  private readonly pcs = new Map<string, string>();
  /** Held symbols whose close moved after the server's answer: nothing bought on the new day yet. */
  private readonly rolled = new Set<string>();
  /** Symbols whose today's inputs changed since the last flush (the book is rebuilt for them once). */
  readonly rebased = new Set<string>();
  /** A roll-over was seen: the next update asks the app to read the hold list again. */
  rereadDue = false;

  clear(): void {
    this.pcs.clear();
    this.rolled.clear();
    this.rebased.clear();
    this.rereadDue = false;
  }

  /** A fresh answer from the server for this symbol supersedes what the tickers told since the last one. */
  answered(symbol: string): void {
    this.pcs.delete(symbol);
    this.rolled.delete(symbol);
    this.rebased.delete(symbol);
  }

  /** A ticker's previous close for a held position (only positions whose answer carried a prevClose). */
  note(symbol: string, answered: string, pc: string): void {
    const used = this.pcs.get(symbol) ?? answered;
    if (pc === used) return;
    // No reference close (a new listing sends '0'): the server's answer stands, as the server does itself.
    if (plainOrZero(pc) !== pc || isZeroString(pc)) return;
    this.pcs.set(symbol, pc);
    // The same close spelt otherwise ('100.5' against '100.50') changes nothing.
    if (isZeroString(subDecimal(pc, used))) return;
    this.rolled.add(symbol);
    this.rebased.add(symbol);
    this.rereadDue = true;
  }

  /** Sets the today's inputs of `input` for position p. */
  todayInputs(p: Position, input: PnlInput): void {
    // Without the server's prevClose it gave no today's quantity either: today's P&L stays unknown ('').
    if (p.prevClose === undefined) return;
    input.prevClose = this.pcs.get(p.symbol) ?? p.prevClose;
    if (this.rolled.has(p.symbol)) return;
    if (p.todayQty !== undefined) input.todayQty = p.todayQty;
    if (p.todayCost !== undefined) input.todayCost = p.todayCost;
  }
}
