// An account's orders, balances and the REST routes of its polling fallback, as the worker tests need them.
import { expect } from 'vitest';
import type { Assets, Position, StockOrder } from '../../../workers/protocol/trade.ts';

export function order(id: number, status: StockOrder['status'], symbol = 'AAA'): StockOrder {
  const fee = { commission: '0', sst: '0', cvt: '0', cdc: '0', exchange: '0', total: '0' };
  return {
    id,
    clientOrderId: `c${id}`,
    accountType: 'real',
    symbol,
    nameEn: symbol,
    nameUr: symbol,
    side: 'buy',
    type: 'limit',
    price: '10.00',
    qty: '10',
    filledQty: status === 'filled' ? '10' : '0',
    avgPrice: '0',
    amount: '0',
    fee,
    frozen: status === 'pending' ? '100.00' : '0',
    status,
    createdAt: id,
    updatedAt: id,
  };
}

export function assets(available: string, frozen = '0.00'): Assets {
  return {
    accountType: 'real',
    currency: 'PKR',
    total: available,
    available,
    frozen,
    marketValue: '0.00',
    floatingPnl: '0.00',
  };
}

/** A REST server for the polling fallback: what the account has, answered to any token unless `refuse`. */
export function accountRoutes(state: { orders: StockOrder[]; positions: Position[]; assets: Assets }) {
  return {
    'stock/order/list': (q: URLSearchParams) => {
      expect(q.get('status')).toBe('open');
      return { list: state.orders, total: state.orders.length, page: 1, size: 500 };
    },
    'stock/hold/list': () => ({
      list: state.positions,
      total: state.positions.length,
      page: 1,
      size: 10_000,
    }),
    'user/assets': () => state.assets,
  };
}
