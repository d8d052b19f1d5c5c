// The leader's price-alert watch: the index of active alerts (alert-index.ts) built from one read of the
// database, kept current by the add/delete news of the routes (on any node, over the bus), and checked on
// every market step from memory. A step only collects what fired; the firings are then written one after
// another off the step's path: the alert switches off (one-shot) or counts (repeating), a personal message
// goes to the message centre (user/notice, text in the reader's language when read) and a Web Push to each
// of the user's devices (its own language) is queued.
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import type { PushPayload } from '../../../contract/alerts.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import type { Db } from '../../db/database.ts';
import type { Translator } from '../../i18n/translator.ts';
import { insertMessage } from '../content/messages-repo.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { AlertIndex, conditionMet, type IndexedAlert } from './alert-index.ts';
import { percentBps, toUnits } from './alert-units.ts';
import { loadActive, recordFiring, type AlertRow } from './alerts-repo.ts';
import type { PushSender } from './push-sender.ts';

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
    private readonly translator: Translator,
    private readonly sender: PushSender,
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
    const row = await recordFiring(this.db, f.alert.id, f.at);
    if (!row) return; // deleted or already off
    this.fired += 1;
    const params = { symbol: row.symbol, value: row.value, price: f.price, change: f.change };
    const textKey = TEXT_KEY[row.kind];
    const link = symbolPath(this.market, row.symbol);
    await insertMessage(this.db, {
      userId: Number(row.user_id),
      kind: 'alert',
      eventKey: `alert:${row.id}:${row.fired_count}`,
      textKey,
      params,
      link,
      now: f.at,
    });
    const lang = (l: string): Lang => (l === 'en-US' ? 'en-US' : 'ur-PK');
    await this.sender.toUser(Number(row.user_id), (l): PushPayload => ({
      title: this.translator.t(lang(l), `notice:msg.${textKey}.title`, params),
      body: this.translator.t(lang(l), `notice:msg.${textKey}.body`, params),
      url: link,
      tag: `alert-${row.id}`,
    }));
  }
}
