// The wire form of a spot order (contract/spot.ts SpotOrder): exact units to decimal strings.
import type { AccountType } from '../../../workers/protocol/api.ts';
import type { SpotOrder } from '../../../contract/spot.ts';
import { divRound, formatMinor } from '../../../contract/money.ts';
import { USDT, USDT_DECIMALS } from '../../../contract/spot-rules.ts';

import type { SpotPair } from './spot-fills.ts';
import type { SpotOrderRow } from './spot-orders-repo.ts';

export function toSpotOrder(
  o: SpotOrderRow,
  pair: SpotPair,
  accountType: AccountType,
  reasonText?: (key: string) => string,
): SpotOrder {
  const usdt = (v: bigint) => formatMinor(v, USDT_DECIMALS);
  const coin = (v: bigint) => formatMinor(v, pair.qtyDecimals);
  const price = (v: bigint) => formatMinor(v, pair.priceDecimals);
  // average price, rounded half-up to the tick: filledRaw is at scale pd + qd, filledQty at qd
  const avg = o.filledQty > 0n ? divRound(o.filledRaw, o.filledQty, 'half-up') : 0n;
  const buy = o.side === 'buy';
  const out: SpotOrder = {
    id: o.id,
    clientOrderId: o.clientOrderId,
    accountType,
    symbol: o.symbol,
    base: pair.base,
    quote: USDT,
    side: o.side,
    type: o.type,
    timeInForce: o.tif,
    price: price(o.price),
    qty: coin(o.qty),
    quoteQty: usdt(o.quoteQty),
    filledQty: coin(o.filledQty),
    avgPrice: price(avg),
    amount: usdt(o.filledQuote),
    fee: buy ? coin(o.fee) : usdt(o.fee),
    feeAsset: buy ? pair.base : USDT,
    frozen: buy ? usdt(o.frozen) : coin(o.frozen),
    frozenAsset: buy ? USDT : pair.base,
    status: o.status,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
  if (o.reason && reasonText) out.reason = reasonText(o.reason);
  return out;
}
