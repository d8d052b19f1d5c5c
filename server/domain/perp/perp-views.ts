// Positions and executions as the wire shows them (contract/perp-orders.ts): live figures on the current mark
// computed with the exact math, money as decimal strings (USDT at 6 places, percentages truncated to 2).
import { formatMinor } from '../../../contract/money.ts';
import type {
  PerpExecutionView,
  PerpLimitOrderView,
  PerpPositionView,
} from '../../../contract/perp-orders.ts';
import {
  bankruptcyPrice,
  entryMargin,
  entryPrice,
  marginRatio,
  notional,
  positionMaintenance,
  roe,
  unrealisedPnl,
} from '../../../contract/perp/position.ts';
import type { MarkBook } from './mark-book.ts';
import { quoteOf, type PerpMarket } from './perp-grid.ts';
import type { LimitOrderRow } from './perp-limit.ts';
import { mathOf, type ExecutionRow, type PositionRow } from './positions-repo.ts';

const usdt = (n: bigint) => formatMinor(n, 6);
/** A rate at 10^-8 as a percentage with 2 places, truncated toward zero. */
const pct = (rate: bigint | null) => (rate === null ? null : formatMinor(rate / 10_000n, 2));

export function positionView(market: PerpMarket, marks: MarkBook, p: PositionRow): PerpPositionView {
  const pair = marks.pair(p.symbol);
  const d = pair?.grid.priceDecimals ?? 2;
  const qd = pair?.grid.qtyDecimals ?? 0;
  const px = (n: bigint) => formatMinor(n, d);
  const open = p.status === 'open' && p.qty > 0n && pair !== null;
  const last = (pair && quoteOf(market, pair)?.last) ?? 0n;
  const mark = marks.mark(p.symbol) ?? last;
  const m = mathOf(p);
  const pnl = open ? unrealisedPnl(pair.grid, m, mark) : 0n;
  const mm = open ? (positionMaintenance(pair.grid, pair.tiers, m, mark) ?? 0n) : 0n;
  return {
    id: p.id,
    symbol: p.symbol,
    side: p.side,
    status: p.status,
    qty: formatMinor(p.qty, qd),
    leverage: p.leverage,
    entryPrice: px(p.qty > 0n ? entryPrice(m) : 0n),
    entryValue: formatMinor(m.entryValue, d + qd),
    markPrice: px(mark),
    lastPrice: px(last),
    liqPrice: p.liqPrice === null ? null : px(p.liqPrice),
    bankruptcyPrice: open ? nullable(bankruptcyPrice(pair.grid, m), px) : null,
    margin: usdt(p.margin),
    notional: usdt(open ? notional(pair.grid, p.qty, mark) : 0n),
    unrealisedPnl: usdt(pnl),
    roe: open ? pct(roe(pnl, entryMargin(pair.grid, m, p.leverage))) : null,
    marginRatio: open ? pct(marginRatio(pair.grid, pair.tiers, m, mark)) : null,
    maintenanceMargin: usdt(mm),
    tpPrice: p.tpPrice === null ? null : px(p.tpPrice),
    tpSource: p.tpSource,
    slPrice: p.slPrice === null ? null : px(p.slPrice),
    slSource: p.slSource,
    openedAt: p.openedAt,
    updatedAt: p.updatedAt,
  };
}

function nullable<T>(v: bigint | null, f: (n: bigint) => T): T | null {
  return v === null ? null : f(v);
}

export function executionView(marks: MarkBook, e: ExecutionRow): PerpExecutionView {
  const pair = marks.pair(e.symbol);
  return {
    id: e.id,
    clientId: e.clientId,
    positionId: e.positionId,
    symbol: e.symbol,
    side: e.side,
    action: e.action,
    qty: formatMinor(e.qty, pair?.grid.qtyDecimals ?? 0),
    price: formatMinor(e.price, pair?.grid.priceDecimals ?? 2),
    fee: usdt(e.fee),
    margin: usdt(e.margin),
    realizedPnl: usdt(e.realizedPnl),
    leverage: e.leverage,
    createdAt: e.createdAt,
  };
}

export function limitOrderView(marks: MarkBook, o: LimitOrderRow): PerpLimitOrderView {
  const pair = marks.pair(o.symbol);
  return {
    id: o.id,
    clientId: o.clientId,
    symbol: o.symbol,
    side: o.side,
    qty: formatMinor(o.qty, pair?.grid.qtyDecimals ?? 0),
    price: formatMinor(o.price, pair?.grid.priceDecimals ?? 2),
    leverage: o.leverage,
    frozen: usdt(o.frozen),
    status: o.status,
    reason: o.reason,
    orderId: o.executionId,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}
