// A PSX symbol's last traded price in paisa, as the robots and funds value holdings and size orders: 0 while the
// market has not priced it (a valuation then counts the holding at nothing rather than guessing).
import { parseMinor } from '../../../contract/money.ts';
import type { MarketSource } from './market-source.ts';

export function lastPriceMinor(market: Pick<MarketSource, 'ticker'>, symbol: string): bigint {
  const p = market.ticker(symbol)?.p;
  return (p ? parseMinor(p, 2) : null) ?? 0n;
}
