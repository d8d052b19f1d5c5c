// Shared pieces of the trade area: the caller's account, request schemas, and order → wire mapping.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import type { StockOrder } from '../../../workers/protocol/trade.ts';
import { findUserById, type UserRow } from '../../domain/auth/users-repo.ts';
import type { AuthContext } from '../../domain/auth/sessions-repo.ts';
import type { TradingEngine } from '../../domain/trading/engine.ts';
import { toStockOrder, type OrderRow } from '../../domain/trading/orders-repo.ts';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { text } from '../../schemas/fields.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trading engine (orders, matching); decorated by the trade area. */
    trading: TradingEngine;
  }
}

export interface Caller {
  auth: AuthContext;
  user: UserRow;
}

export function caller(app: FastifyInstance, request: FastifyRequest): Caller {
  const auth = requireAuth(request.auth);
  const user = findUserById(app.db, auth.userId);
  if (!user) throw new AppError('auth.notLoggedIn', {}, CODE_SESSION_INVALID);
  return { auth, user };
}

export function orderWire(app: FastifyInstance, request: FastifyRequest, o: OrderRow, c: Caller): StockOrder {
  const ins = app.market.instrument(o.symbol);
  return toStockOrder(
    o,
    c.auth.accountType,
    { nameEn: ins?.nameEn ?? o.symbol, nameUr: ins?.nameUr ?? o.symbol },
    (key) => request.t(key),
  );
}

export const symbolField = text(1, 16, { pattern: '^[A-Za-z0-9]{1,16}$' });
export const qtyField = text(0, 12, { pattern: '^(?:|0|[1-9][0-9]{0,10})$', description: 'Whole shares.' });
export const priceField = text(0, 12, {
  pattern: '^(?:|(?:0|[1-9][0-9]{0,8})(?:\\.[0-9]{1,2})?)$',
  description: 'PKR per share, at most 2 decimals (limit orders).',
});
export const sixDigits = text(1, 6, { pattern: '^[0-9]{6}$', description: 'Exactly 6 digits.' });
export const orderTypeField = text(1, 6, { enum: ['market', 'limit'] });
export const sideField = text(1, 4, { enum: ['buy', 'sell'] });
export const pageField = text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' });
export const sizeField = text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' });
export const clientOrderIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (e.g. a UUID); a retried submit with the same id has one effect.',
});

export const obj = { type: 'object' } as const;
export const pageOf = { type: 'object', properties: { list: { type: 'array' }, total: { type: 'integer' } } };
