// The part of the market feed trading needs (the simulator implements it; tests pass a small fake).
import type { MarketSource } from '../market/market-source.ts';

export type TradeMarket = Pick<MarketSource, 'now' | 'instrument' | 'session' | 'book' | 'ticker' | 'info'>;
