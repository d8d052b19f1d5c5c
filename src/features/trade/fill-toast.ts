// What the user is told when an order's answer says it filled (a market order fills at once; a marketable
// limit order may too): "Bought 100 OGDC at 281.40", or "Bought 60 of 100 OGDC at 281.40" when only part of
// it filled. The figures are the server's decimal strings, grouped and truncated by the one formatter; no
// float ever touches them.
import type { TFunction } from 'i18next';
import { compareScaled, parseDecimal } from '../../../contract/money.ts';
import { isZeroString } from '../../../contract/money-wire.ts';
import type { StockOrder } from '../../../workers/protocol/trade.ts';
import { formatMoney, withThousands } from '../../shared/format/numbers.ts';

type Fill = Pick<StockOrder, 'side' | 'symbol' | 'qty' | 'filledQty' | 'avgPrice'>;

/** The toast for an order that filled (whole or in part), or null when nothing filled yet. */
export function fillMessage(t: TFunction, o: Fill): string | null {
  if (!o.filledQty || isZeroString(o.filledQty)) return null;
  const filled = parseDecimal(o.filledQty);
  const ordered = parseDecimal(o.qty);
  const whole = !filled || !ordered || compareScaled(filled, ordered) >= 0;
  const values = {
    qty: withThousands(o.filledQty),
    ordered: withThousands(o.qty),
    symbol: o.symbol,
    price: formatMoney(o.avgPrice, 2),
  };
  const key = o.side === 'sell' ? (whole ? 'sold' : 'soldPart') : whole ? 'bought' : 'boughtPart';
  return t(`trade:fill.${key}`, values);
}
