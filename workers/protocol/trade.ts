// Wire types of stock trading (issue 4): orders, fills, positions, assets, funds records. Shared by the
// server, the market worker (which computes live P&L) and the app. Money and quantities are decimal strings
// (PKR with 2 decimals; share quantities are whole numbers); timestamps are epoch ms.
import type { AccountType } from './api.ts';

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'market' | 'limit';
/** pending = in progress (resting or not yet filled), partial = partially completed, filled = history, cancelled. */
export type OrderStatus = 'pending' | 'partial' | 'filled' | 'cancelled' | 'rejected';

/** Fees and taxes of an order (rates configurable on the server). */
export interface FeeBreakdown {
  /** broker commission */
  commission: string;
  /** Sindh sales tax on the commission */
  sst: string;
  /** capital value tax (buys) */
  cvt: string;
  /** CDC charges */
  cdc: string;
  /** exchange (PSX) fee */
  exchange: string;
  /** sum of the above */
  total: string;
}

export interface StockOrder {
  id: number;
  clientOrderId: string;
  accountType: AccountType;
  symbol: string;
  nameEn: string;
  nameUr: string;
  side: OrderSide;
  type: OrderType;
  /** limit price; '0' for market orders */
  price: string;
  qty: string;
  filledQty: string;
  /** average fill price ('0' before the first fill) */
  avgPrice: string;
  /** filled value qty × price, before fees */
  amount: string;
  fee: FeeBreakdown;
  /** cash (buy) still frozen for the unfilled part */
  frozen: string;
  status: OrderStatus;
  /**
   * Localised reason an order ended without filling: rejected, or cancelled by the engine (book depth
   * exhausted, a fill the ledger refused, expired at the PSX close).
   */
  reason?: string;
  createdAt: number;
  updatedAt: number;
}

/** POST stock/order/buy and stock/order/sell (form fields). */
export interface PlaceOrderBody {
  symbol: string;
  type: OrderType;
  qty: string;
  /** required for limit orders */
  price?: string;
  /** client-generated id (UUID); a retried submit with the same id has one effect */
  clientOrderId: string;
  /** 6-digit transaction password */
  tradePassword: string;
}

/** GET stock/order/preview (extension, documented in OpenAPI): fees and limits before confirming. */
export interface OrderPreview {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  price: string;
  qty: string;
  amount: string;
  fee: FeeBreakdown;
  /** buy: amount + fees; sell: amount − fees */
  net: string;
  available: string;
  /** buy: maximum whole lots the available cash covers at `price` incl. fees; sell: available quantity */
  maxQty: string;
  lotSize: string;
  limitUp: string;
  limitDown: string;
}

/** GET stock/order/list?status=pending|partial|filled|cancelled&page&size */
export interface OrderStatistics {
  pending: number;
  partial: number;
  filled: number;
  cancelled: number;
  /** buy/sell turnover today */
  buyAmountToday: string;
  sellAmountToday: string;
}

/** A position as the server knows it (market value and P&L are recomputed live in the worker). */
export interface Position {
  symbol: string;
  nameEn: string;
  nameUr: string;
  /** total shares held */
  qty: string;
  /** sellable now */
  available: string;
  /** bought today, locked until the next PSX trading day (T+1) */
  locked: string;
  /** average cost per share, fees included */
  avgCost: string;
  /** qty × avgCost */
  cost: string;
  /** server-side snapshot at answer time; the worker keeps these live */
  lastPrice: string;
  marketValue: string;
  pnl: string;
  pnlPct: string;
  /**
   * Today's P&L inputs (the current PSX trading day: today while it is one, else the last one). Shares held
   * from before today are valued against `prevClose`, shares bought today against their cost:
   * todayPnl = qty × last − todayBase, todayBase = (qty − todayQty) × prevClose + todayCost.
   * The worker recomputes todayPnl live from these; `prevClose` is the ticker's `pc` at answer time.
   */
  prevClose?: string;
  /** shares bought since the start of the current trading day (all still in `locked`, by T+1) */
  todayQty?: string;
  /** what those shares cost, fees included */
  todayCost?: string;
  /** server-side snapshot at answer time (signed, 2 decimals) */
  todayPnl?: string;
  /** todayPnl / todayBase × 100, truncated to 2 decimals ('0.00' when the base is 0) */
  todayPnlPct?: string;
}

/** GET user/assets */
export interface Assets {
  accountType: AccountType;
  currency: 'PKR';
  /** available + frozen + market value of positions */
  total: string;
  available: string;
  frozen: string;
  marketValue: string;
  floatingPnl: string;
  /** today's P&L of the open positions at answer time (see Position.todayPnl) */
  todayPnl?: string;
}

export type TxType = 'deposit' | 'withdraw' | 'demo_grant' | 'buy' | 'sell' | 'fee' | 'freeze' | 'unfreeze';

/** GET user/tx/record?type&page&size: one money movement of the account (funds detail). */
export interface TxRecord {
  id: number;
  type: TxType;
  /** signed change of the available balance */
  amount: string;
  /** available balance after the movement */
  balance: string;
  symbol?: string;
  orderId?: number;
  createdAt: number;
}

/** GET stock/income: realised + floating profit over the windows the spec names. */
export interface Income {
  today: string;
  week: string;
  month: string;
  /** floating (unrealised) P&L of the open positions at answer time; today/week/month above are realised */
  floating?: string;
  /** purchases (orders with buy fills) of the last 1 and 2 trading days */
  purchasesLast1: StockOrder[];
  purchasesLast2: StockOrder[];
}

// WebSocket private channel `account` at ACCOUNT_WS_PATH (its own socket, same message shapes as the market
// socket of ./market.ts). Send {op:'sub', ch:['account'], token: <access token of the real or demo account>};
// the token travels in the message, never in the URL. Answers: snap = AccountSnap (seq 0), then one delta per
// order change (placed, filled, partially filled, cancelled) = AccountDelta with seq + 1; {op:'err', ch:'account',
// msg} for a bad or expired token; {op:'ping', t} → pong; {op:'unsub', ch:['account']} → unsubd; hb every 10 s.
// A client without the socket polls stock/order/list?status=open, stock/hold/list and user/assets (same shapes).
export const ACCOUNT_WS_PATH = '/api/ws/account';
export const ACCOUNT_CHANNEL = 'account';

export interface AccountSnap {
  /** open orders (pending and partial), newest first */
  orders: StockOrder[];
  positions: Position[];
  assets: Assets;
}

/**
 * One change of the account: an order change carries `order` (and the positions in its symbol); a T+1 release
 * (bought shares became sellable on the next PSX trading day) carries no order, only the released positions.
 */
export interface AccountDelta {
  order?: StockOrder;
  /** the positions in the changed order's symbol (absent from the list when closed out) */
  positions?: Position[];
  assets?: Assets;
}
