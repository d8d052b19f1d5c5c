// The option settlement pass (leader only, beside the fund runner): on the market's steps it settles every
// option whose expiry has come at the symbol's price then (option-settle.ts). Every state change is conditional
// and every posting has an idempotent ref, so a pass that overlaps another, or runs again after a restart or a
// change of leader, settles nothing twice. Steps that arrive while a pass runs are merged.
import { lastPriceMinor } from '../market/last-price.ts';
import type { Db } from '../../db/database.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import type { RunnerLog } from '../robot/runner.ts';
import { settleDue } from './option-settle.ts';

export class OptionRunner {
  private pending: number | null = null;
  private running: Promise<void> | null = null;
  active = false;

  constructor(
    private readonly db: Db,
    private readonly market: Pick<MarketSource, 'ticker'>,
    private readonly log: RunnerLog,
  ) {}

  /** A market step: a pass at the clock's time (purchases and expiries are clock times, not feed times). */
  onTick(_tick: MarketTick): void {
    if (!this.active) return;
    this.pending = Date.now();
    if (!this.running) this.running = this.loop().finally(() => (this.running = null));
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    while (this.pending !== null && this.active) {
      const ts = this.pending;
      this.pending = null;
      try {
        await this.pass(ts);
      } catch (err) {
        this.log.error({ err }, 'options: settlement pass failed');
      }
    }
  }

  /** One pass at time `ts` (tests call it directly): answers how many options it settled. */
  pass(ts: number): Promise<number> {
    return settleDue(this.db, (symbol) => lastPriceMinor(this.market, symbol), ts);
  }
}
