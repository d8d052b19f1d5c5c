// The leader's price-alert watch: the index of active alerts (alert-index.ts) built from one read of the
// database, kept current by the add/delete news of the routes (on any node, over the bus), and checked on
// every market step from memory. A step only collects what fired; the firings are then written one after
// another off the step's path: the alert switches off (one-shot) or counts (repeating; at most once per
// alerts.repeatCooldownMinutes), and a personal message goes to the message centre (user/notice, text in the
// reader's language when read). The message reaches the user's devices as Web Push like every personal
// message (content/message-push.ts). The leader also deletes fired one-shot alerts after
// alerts.keepFiredDays (purge).
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import type { Db } from '../../db/database.ts';
import { insertMessage } from '../content/messages-repo.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { AlertIndex, conditionMet, type IndexedAlert } from './alert-index.ts';
import { percentBps, toUnits } from './alert-units.ts';
import { readSetting } from '../settings/settings-repo.ts';
import { loadActive, purgeFired, recordFiring, type AlertRow } from './alerts-repo.ts';

type Market = Pick<MarketSource, 'instrument' | 'ticker' | 'subscribe'>;

const TEXT_KEY = { above: 'priceAlertAbove', below: 'priceAlertBelow', change: 'priceAlertChange' } as const;

export function symbolPath(market: Pick<MarketSource, 'instrument'>, symbol: string): string {
  const crypto = market.instrument(symbol)?.market === 'crypto';
  const path = crypto ? ROUTE_PATHS['coin.coinKline'] : ROUTE_PATHS['stock.stockKline'];
  return `${path}?symbol=${encodeURIComponent(symbol)}`;
}

interface Fired {
  alert: IndexedAlert;
  price: string;
  change: string;
  at: number;
}

export class AlertWatch {
  readonly index = new AlertIndex();
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  /** firings written (tests) */
  fired = 0;

  constructor(
    private readonly db: Db,
    private readonly market: Market,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The index's entry for a row, or null when its symbol or value cannot be checked (left out). */
  private entryOf(r: AlertRow): IndexedAlert | null {
    const ins = this.market.instrument(r.symbol);
    if (!ins) return null;
    const threshold = r.kind === 'change' ? percentBps(r.value) : toUnits(r.value, ins.priceDecimals);
    if (threshold === null) return null;
    return {
      id: Number(r.id),
      userId: Number(r.user_id),
      symbol: r.symbol,
      kind: r.kind,
      threshold,
      repeat: Number(r.repeating) === 1,
    };
  }

  private pointOf(symbol: string) {
    const ins = this.market.instrument(symbol);
    const t = this.market.ticker(symbol);
    if (!ins || !t) return null;
    const price = toUnits(t.p, ins.priceDecimals, true);
    const changeBps = percentBps(t.cp, true);
    return price === null || changeBps === null ? null : { price, changeBps };
  }

  /** Adds a row; a repeating one whose condition holds right now waits for the price to go back first. */
  add(r: AlertRow): void {
    const e = this.entryOf(r);
    if (!e) return;
    let armed = true;
    if (e.repeat && r.last_fired_at !== null) {
      const p = this.pointOf(e.symbol);
      if (p) armed = !conditionMet(e.kind, e.threshold, p);
    }
    this.index.add(e, armed);
  }

  remove(id: number): void {
    this.index.remove(id);
  }

  /** (Re)builds the index from the database: at taking the lead, and after the bus lost messages. */
  async load(): Promise<void> {
    const rows = await loadActive(this.db);
    this.index.clear();
    for (const r of rows) this.add(r);
  }

  /** Checks every step's updated symbols that have alerts; returns the unsubscribe function. */
  attach(): () => void {
    return this.market.subscribe((tick) => this.onTick(tick));
  }

  onTick(tick: MarketTick): void {
    for (const u of tick.updates) {
      if (!this.index.hasSymbol(u.symbol)) continue;
      const ins = this.market.instrument(u.symbol);
      if (!ins) continue;
      const price = toUnits(u.ticker.p, ins.priceDecimals, true);
      const changeBps = percentBps(u.ticker.cp, true);
      if (price === null || changeBps === null) continue;
      for (const alert of this.index.check(u.symbol, { price, changeBps }))
        this.enqueue({ alert, price: u.ticker.p, change: u.ticker.cp, at: tick.ts });
    }
  }

  /** Resolves once every firing collected so far is written and its pushes queued. */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.chain;
  }

  private enqueue(f: Fired): void {
    this.pending += 1;
    this.chain = this.chain
      .then(() => this.write(f))
      .catch(this.onError)
      .finally(() => {
        this.pending -= 1;
      });
  }

  private async write(f: Fired): Promise<void> {
    const cooldownMs = (await readSetting(this.db, 'alerts.repeatCooldownMinutes')) * 60_000;
    const row = await recordFiring(this.db, f.alert.id, f.at, cooldownMs);
    if (!row) return; // deleted, already off, or a repeating one inside its cooldown
    this.fired += 1;
    await insertMessage(this.db, {
      userId: Number(row.user_id),
      kind: 'alert',
      eventKey: `alert:${row.id}:${row.fired_count}`,
      textKey: TEXT_KEY[row.kind],
      params: { symbol: row.symbol, value: row.value, price: f.price, change: f.change },
      link: symbolPath(this.market, row.symbol),
      now: f.at,
    });
  }

  /** Deletes one-shot alerts that fired more than alerts.keepFiredDays ago; returns how many. */
  async purge(now: number): Promise<number> {
    const days = await readSetting(this.db, 'alerts.keepFiredDays');
    return purgeFired(this.db, now - days * 86_400_000);
  }
}
