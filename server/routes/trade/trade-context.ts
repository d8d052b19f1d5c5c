// Shared pieces of the trade area: the caller's account and the order → wire mapping (the request and answer
// schemas are contract/trade.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import type { StockOrder } from '../../../workers/protocol/trade.ts';
import { findUserById, type UserRow } from '../../domain/auth/users-repo.ts';
import type { AuthContext } from '../../domain/auth/sessions-repo.ts';
import { toStockOrder, type OrderRow } from '../../domain/trading/orders-repo.ts';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';

export interface Caller {
  auth: AuthContext;
  user: UserRow;
}

export async function caller(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const auth = requireAuth(request.auth);
  const user = await findUserById(app.db, auth.userId);
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
