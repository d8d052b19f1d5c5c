// The tradable spot pairs (the simulator's USDT crypto pairs) and the spot settings in exact units.
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { parseMinor } from '../../../contract/money.ts';
import { ratePpm, USDT, USDT_DECIMALS } from '../../../contract/spot-rules.ts';
import { readSettings } from '../settings/settings-repo.ts';
import type { TradeMarket } from '../trading/market-port.ts';
import type { SpotPair, SpotRates } from './spot-fills.ts';

/** A listed USDT pair, or the 'spot.unlisted' refusal (unknown symbols, stocks, indices). */
export function spotPair(market: Pick<TradeMarket, 'instrument'>, symbol: string): SpotPair {
  const ins = market.instrument(symbol);
  if (!ins || ins.market !== 'crypto' || ins.quote !== USDT || !ins.base) throw new AppError('spot.unlisted');
  return {
    symbol: ins.symbol,
    base: ins.base,
    priceDecimals: ins.priceDecimals,
    qtyDecimals: ins.qtyDecimals,
  };
}

export interface SpotConfig extends SpotRates {
  /** micro-USDT */
  minNotional: bigint;
  makerRate: string;
  takerRate: string;
}

/** The spot settings (spot.makerFeeRate, spot.takerFeeRate, spot.minNotional) as exact units. */
export async function spotConfig(db: Db): Promise<SpotConfig> {
  const s = await readSettings(db);
  const makerRate = s['spot.makerFeeRate'];
  const takerRate = s['spot.takerFeeRate'];
  return {
    makerRate,
    takerRate,
    makerPpm: ratePpm(makerRate) ?? 1000n,
    takerPpm: ratePpm(takerRate) ?? 1000n,
    minNotional: parseMinor(s['spot.minNotional'], USDT_DECIMALS) ?? 5_000000n,
  };
}
