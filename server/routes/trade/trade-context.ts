// Shared pieces of the trade area: the caller's account, the confirmation every money-committing order asks for
// (stock and crypto alike), and the order → wire mapping (the request and answer schemas are contract/trade.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import type { StockOrder } from '../../../workers/protocol/trade.ts';
import { findUserById, type UserRow } from '../../domain/auth/users-repo.ts';
import type { AuthContext } from '../../domain/auth/sessions-repo.ts';
import { toStockOrder, type OrderRow } from '../../domain/trading/orders-repo.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
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

/** The real account needs KYC; the demo account trades without it (spec §5). */
export const kycOk = (c: Caller): boolean => c.auth.accountType === 'demo' || c.user.idStatus === 'succ';

/**
 * The checks of a crypto order, in the stock order's order (routes/trade/order-routes.ts: the transaction
 * password, then KYC): one lock-out counter (app.lockouts.tradePassword) and the same refusals, before anything
 * is written, so a refusal changes nothing.
 */
export async function confirmOrder(app: FastifyInstance, c: Caller, tradePassword: string): Promise<void> {
  await verifyTradePassword(app.db, app.lockouts.tradePassword, c.user.id, tradePassword, app.market.now());
  if (!kycOk(c)) throw new AppError('trade.kycRequired');
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
