// The market feed's interest keys (protocol/market-api.ts MarketInterestKey): which keys it claims, and what
// each one asks of the state (a ticker row, a chart channel, an indicator, a sort).
import type { Interval, Market } from '../../../protocol/market.ts';
import { INTERVALS, parseChannel } from '../../../protocol/market.ts';
import type { MarketInterestKey, SortDir, SortKey } from '../../../protocol/market-api.ts';
import type { InterestKey } from '../../../protocol/worker-api.ts';
import { isIndicatorName } from '../../calc/indicators/registry.ts';
import type { KeyTarget } from '../../state/messages.ts';

const KINDS = new Set(['ticker', 'book', 'trades', 'candles', 'sort', 'indicator', 'mark']);

export function isMarketKey(key: InterestKey): key is MarketInterestKey {
  return KINDS.has(key.slice(0, key.indexOf(':')));
}

export function parseKey(key: InterestKey): KeyTarget | null {
  const [kind, a, b, c] = key.split(':');
  if (!a) return null;
  if (kind === 'ticker') return { kind, symbol: a };
  if (kind === 'indicator') {
    const iv = b as Interval;
    return (INTERVALS as readonly string[]).includes(iv) && isIndicatorName(c)
      ? { kind, symbol: a, interval: iv, name: c }
      : null;
  }
  if (kind === 'sort' && b && c) {
    return { kind, market: a as Market, key: b as SortKey, dir: c as SortDir };
  }
  const ch = parseChannel(key);
  if (ch?.kind === 'book' || ch?.kind === 'trades' || ch?.kind === 'mark')
    return { kind: ch.kind, symbol: ch.symbol };
  return ch?.kind === 'candles' ? ch : null;
}
