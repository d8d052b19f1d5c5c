// The one way an automated strategy (a robot order, a fund's pool) trades: a market order through the trading
// engine in its own account, with a client order id that names why. Same matching, fees, T+1 and ledger as a
// user's order.
import type { TradingEngine } from '../trading/engine.ts';

export interface StrategyOrder {
  accountId: number;
  symbol: string;
  side: 'buy' | 'sell';
  qty: bigint;
  clientOrderId: string;
  now: number;
}

export async function placeStrategyOrder(
  engine: Pick<TradingEngine, 'place'>,
  o: StrategyOrder,
): Promise<void> {
  await engine.place({
    accountId: o.accountId,
    kycOk: true,
    side: o.side,
    type: 'market',
    symbol: o.symbol,
    qty: o.qty.toString(),
    price: undefined,
    clientOrderId: o.clientOrderId,
    now: o.now,
  });
}
