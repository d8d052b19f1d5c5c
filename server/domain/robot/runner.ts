// The robot runner (leader only, like the trading engine's matching): on every market step it evaluates each
// live robot of the stepped symbols with its strategy's pure `decide`, and turns the actions into real market
// orders through the trading engine in the robot's own account. Robot state lives in memory (rebuilt from the
// database when this node takes the lead, and re-read every minute of feed time and when a call on any node
// changed an order); the database is written only when something happens: an order placed (its memory saved), an order
// ending (lock-in over: a personal message tells the user), settled (release.ts), and the equity snapshots every 15 minutes and at each PSX close.
// Steps that arrive while a pass runs are merged: the runner always works on the latest step.
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { lastPriceMinor } from '../market/last-price.ts';
import { insertMessage } from '../content/messages-repo.ts';
import type { Db } from '../../db/database.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { lastPsxClose } from '../trading/day-orders.ts';
import type { TradingEngine } from '../trading/engine.ts';
import type { OrderRow } from './allocate.ts';
import { buyAndHold, type FundingFact } from './metrics.ts';
import { placeStrategyOrder } from './place.ts';
import { paramsOf, type ProductRow } from './products.ts';
import { releaseRobot } from './release.ts';
import { strategyOf, type Memory, type Strategy } from './strategies/index.ts';
import type { Action, RobotHoldings } from './strategies/types.ts';

const SNAPSHOT_EVERY_MS = 15 * 60_000;
const RESYNC_EVERY_MS = 60_000;
const MAX_CLOSES = 200;

interface Live {
  order: OrderRow;
  symbol: string;
  strategy: Strategy;
  memory: Memory;
  h: RobotHoldings & { frozen: bigint };
  fundings: FundingFact[];
  seq: number;
}

export interface RunnerLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class RobotRunner {
  private live = new Map<number, Live>();
  private closes = new Map<string, { minute: number; list: bigint[] }>();
  private dirty = new Set<number>();
  private loaded = false;
  private lastSync = 0;
  private lastSnapSlot = -1;
  private lastCloseSnap = 0;
  private pending: number | null = null;
  private running: Promise<void> | null = null;
  active = false;

  constructor(
    private readonly db: Db,
    private readonly market: Pick<MarketSource, 'ticker' | 'session' | 'now'>,
    private readonly engine: Pick<TradingEngine, 'place'>,
    private readonly log: RunnerLog,
    /**
     * Tells the leader, wherever it runs, that a call on this node changed an order (the bus: plugins/robots.ts);
     * without it a robot bought through a follower waited for the leader's next resync, up to a minute.
     */
    private readonly announce: (orderId: number) => void = () => undefined,
  ) {}

  /** A call changed (created, added to, exited) this order: re-read it on the next pass, wherever that runs. */
  changed(orderId: number): void {
    this.dirty.add(orderId);
    if (!this.active) this.announce(orderId);
  }

  /** Another node's call changed this order (announced on the bus): re-read it here if this node leads. */
  heard(orderId: number): void {
    if (this.active && Number.isSafeInteger(orderId) && orderId > 0) this.dirty.add(orderId);
  }

  /** Feed step: keeps minute closes and queues a pass (merged with any waiting one). */
  onTick(tick: MarketTick): void {
    const minute = Math.floor(tick.ts / 60_000);
    for (const u of tick.updates) {
      if (u.market !== 'psx') continue;
      const p = parseMinor(u.ticker.p, 2);
      if (p === null || p <= 0n) continue;
      const c = this.closes.get(u.symbol) ?? { minute, list: [] };
      if (c.list.length === 0 || c.minute !== minute) {
        c.list.push(p);
        if (c.list.length > MAX_CLOSES) c.list.shift();
        c.minute = minute;
      } else c.list[c.list.length - 1] = p;
      this.closes.set(u.symbol, c);
    }
    if (!this.active) return;
    this.pending = tick.ts;
    if (!this.running) this.running = this.loop().finally(() => (this.running = null));
  }

  /** Resolves once no pass runs or waits (tests; closing). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Forget everything (the lead was lost): the next leader rebuilds from the database. */
  reset(): void {
    this.live.clear();
    this.loaded = false;
  }

  private async loop(): Promise<void> {
    while (this.pending !== null && this.active) {
      const ts = this.pending;
      this.pending = null;
      try {
        await this.pass(ts);
      } catch (err) {
        this.log.error({ err }, 'robots: pass failed');
      }
    }
  }

  private price(symbol: string): bigint {
    return lastPriceMinor(this.market, symbol);
  }

  async pass(ts: number): Promise<void> {
    if (!this.loaded || ts - this.lastSync >= RESYNC_EVERY_MS) {
      await this.load(null);
      this.loaded = true;
      this.lastSync = ts;
      this.dirty.clear();
    } else if (this.dirty.size > 0) {
      const ids = [...this.dirty];
      this.dirty.clear();
      await this.load(ids);
    }
    const open = this.market.session('psx', ts) === 'open';
    for (const r of [...this.live.values()]) {
      try {
        await this.run(r, ts, open);
      } catch (err) {
        this.log.error({ err, robotOrder: r.order.id }, 'robots: robot step failed');
      }
    }
    await this.snapshots(ts);
  }

  private async run(r: Live, ts: number, open: boolean): Promise<void> {
    const o = r.order;
    if (o.state === 'running' && ts >= o.lock_until) {
      const upd = await this.db
        .updateTable('robot_orders')
        .set({ state: 'ending', end_reason: 'lock_in_over', ending_at: ts, updated_at: ts })
        .where('id', '=', o.id)
        .where('state', '=', 'running')
        .returningAll()
        .executeTakeFirst();
      if (upd) {
        r.order = upd;
        await this.lockInOverMessage(upd);
      }
    }
    const price = this.price(r.symbol);
    if (r.order.state === 'ending') {
      if (open && r.h.shares > 0n)
        await this.act(r, [{ side: 'sell', qty: r.h.shares, reason: 'exitSell' }], r.memory, ts);
      if (r.h.shares + r.h.locked === 0n && r.h.frozen === 0n) {
        const ended = await releaseRobot(this.db, o.id, price, ts);
        if (ended) this.live.delete(o.id);
      }
      return;
    }
    if (r.order.state !== 'running') return;
    const d = r.strategy.decide(r.memory, r.h, {
      t: ts,
      price,
      open,
      closes: this.closes.get(r.symbol)?.list ?? [],
    });
    if (d.actions.length > 0) await this.act(r, d.actions, d.memory, ts);
    else r.memory = d.memory;
  }

  /** The user's message that the lock-in is over: the robot stops buying, sells, and returns the money. */
  private async lockInOverMessage(o: OrderRow): Promise<void> {
    const p = await this.db
      .selectFrom('robot_products')
      .select(['name_en', 'name_ur', 'symbol'])
      .where('id', '=', o.product_id)
      .executeTakeFirst();
    await insertMessage(this.db, {
      userId: o.user_id,
      kind: 'robot',
      eventKey: `robot:lockInOver:${o.id}`,
      textKey: 'robotLockInOver',
      params: { id: o.id, symbol: p?.symbol ?? '', invested: formatMinor(o.invested, 2) },
      link: `${ROUTE_PATHS['robot.orderDetail']}?id=${o.id}`,
      now: o.ending_at ?? o.updated_at,
    });
  }

  private async act(r: Live, actions: readonly Action[], memory: Memory, ts: number): Promise<void> {
    let placed = false;
    for (const a of actions) {
      if (a.qty <= 0n) continue;
      r.seq++;
      try {
        await placeStrategyOrder(this.engine, {
          accountId: r.order.robot_account_id,
          side: a.side,
          symbol: r.symbol,
          qty: a.qty,
          clientOrderId: `r${r.order.id}.${ts}-${r.seq}.${a.reason}`,
          now: ts,
        });
        placed = true;
      } catch (err) {
        this.log.warn({ err, robotOrder: r.order.id, action: a }, 'robots: order refused');
      }
    }
    if (placed) {
      r.memory = memory;
      await this.db
        .updateTable('robot_orders')
        .set({ state_json: JSON.stringify(memory), updated_at: ts })
        .where('id', '=', r.order.id)
        .execute();
    }
    await this.refreshHoldings([r]);
  }

  /** Loads the live orders (all, or the given ids) with their products, fundings and holdings. */
  private async load(ids: number[] | null): Promise<void> {
    let q = this.db
      .selectFrom('robot_orders as o')
      .innerJoin('robot_products as p', 'p.id', 'o.product_id')
      .selectAll('o')
      .select(['p.strategy', 'p.params_json', 'p.symbol']);
    q = ids ? q.where('o.id', 'in', ids) : q.where('o.state', '<>', 'ended');
    const rows = await q.execute();
    if (!ids) this.live.clear();
    const fresh: Live[] = [];
    for (const row of rows) {
      const { strategy: name, params_json, symbol, ...order } = row;
      if (order.state === 'ended') {
        this.live.delete(order.id);
        continue;
      }
      const prev = this.live.get(order.id);
      let strategy: Strategy;
      try {
        strategy = prev?.strategy ?? strategyOf(name, paramsOf({ params_json } as ProductRow));
      } catch (err) {
        this.log.error({ err, robotOrder: order.id }, 'robots: product parameters unusable');
        continue;
      }
      const memory = prev?.memory ?? { ...strategy.start, ...(JSON.parse(order.state_json) as object) };
      const r: Live = {
        order,
        symbol,
        strategy,
        memory,
        h: prev?.h ?? { cash: 0n, frozen: 0n, shares: 0n, locked: 0n, cost: 0n },
        fundings: [],
        seq: prev?.seq ?? 0,
      };
      this.live.set(order.id, r);
      fresh.push(r);
    }
    if (fresh.length === 0) return;
    const fundings = await this.db
      .selectFrom('robot_fundings')
      .select(['order_id', 'amount', 'fee', 'price'])
      .where(
        'order_id',
        'in',
        fresh.map((r) => r.order.id),
      )
      .execute();
    for (const f of fundings)
      this.live.get(f.order_id)?.fundings.push({ capital: f.amount - f.fee, price: f.price });
    await this.refreshHoldings(fresh);
  }

  private async refreshHoldings(robots: readonly Live[]): Promise<void> {
    const byAccount = new Map(robots.map((r) => [r.order.robot_account_id, r]));
    const ids = [...byAccount.keys()];
    if (ids.length === 0) return;
    const balances = await this.db
      .selectFrom('ledger_accounts as a')
      .innerJoin('ledger_balances as b', 'b.ledger_account_id', 'a.id')
      .select(['a.account_id', 'a.name', 'b.asset', 'b.amount'])
      .where('a.account_id', 'in', ids)
      .execute();
    const positions = await this.db
      .selectFrom('stock_positions')
      .select(['account_id', 'symbol', 'cost'])
      .where('account_id', 'in', ids)
      .execute();
    for (const r of robots) r.h = { cash: 0n, frozen: 0n, shares: 0n, locked: 0n, cost: 0n };
    for (const b of balances) {
      const r = byAccount.get(b.account_id ?? 0);
      if (!r) continue;
      if (b.asset === 'PKR' && b.name === 'cash') r.h.cash = b.amount;
      else if (b.asset === 'PKR' && b.name === 'frozen') r.h.frozen = b.amount;
      else if (b.asset === r.symbol && b.name === 'shares') r.h.shares = b.amount;
      else if (b.asset === r.symbol && b.name === 'shares_locked') r.h.locked = b.amount;
      else if (b.asset === r.symbol && b.name === 'shares_frozen') r.h.frozen += b.amount;
    }
    for (const p of positions) {
      const r = byAccount.get(p.account_id);
      if (r && p.symbol === r.symbol) r.h.cost = p.cost;
    }
  }

  /** Equity snapshots: every 15 minutes of feed time and at each PSX close, of every live robot. */
  private async snapshots(ts: number): Promise<void> {
    const slot = Math.floor(ts / SNAPSHOT_EVERY_MS);
    const close = lastPsxClose(ts) ?? 0;
    const atClose = close > this.lastCloseSnap && this.lastCloseSnap > 0;
    if (this.lastCloseSnap === 0) this.lastCloseSnap = close;
    if (slot === this.lastSnapSlot && !atClose) return;
    const first = this.lastSnapSlot === -1;
    this.lastSnapSlot = slot;
    if (atClose) this.lastCloseSnap = close;
    if (first && !atClose) return;
    if (this.live.size === 0) return;
    await this.refreshHoldings([...this.live.values()]);
    const rows = [...this.live.values()].map((r) => {
      const price = this.price(r.symbol) || r.order.start_price;
      return {
        order_id: r.order.id,
        t: ts,
        equity: r.h.cash + r.h.frozen + 0n + (r.h.shares + r.h.locked) * price,
        bench: buyAndHold(r.fundings, price),
        kind: atClose ? ('close' as const) : ('interval' as const),
      };
    });
    await this.db.insertInto('robot_equity').values(rows).execute();
  }
}
