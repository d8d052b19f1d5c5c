// The personal message of a liquidation (issue 16): written in the liquidation's own transaction through the
// content repository (insertMessage; the event key makes a repeat one message), on real and demo accounts
// alike, with the mark that crossed, the liquidation price, the margin lost and a link to the contract history.
// Texts: locales/<lang>/notice.json `msg.perpLiquidated`.
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { Db } from '../../db/database.ts';
import { insertMessage } from '../content/messages-repo.ts';
import type { PerpPair } from './perp-grid.ts';
import type { ExecutionRow, PositionRow } from './positions-repo.ts';

/** Where the message leads: the contract side of the coin screen, on its History tab. */
export function historyLink(symbol: string): string {
  const q = new URLSearchParams({ mode: 'contract', symbol, tab: 'history' });
  return `${ROUTE_PATHS['coin.index']}?${q.toString()}`;
}

export async function positionLiquidated(
  tx: Db,
  pair: PerpPair,
  pos: PositionRow,
  e: ExecutionRow,
  mark: bigint,
  now: number,
): Promise<void> {
  const owner = await tx
    .selectFrom('accounts')
    .select('user_id')
    .where('id', '=', pos.accountId)
    .executeTakeFirst();
  if (!owner) return;
  const d = pair.grid.priceDecimals;
  await insertMessage(tx, {
    userId: owner.user_id,
    kind: 'contract',
    eventKey: `perp:liquidated:${pos.id}`,
    textKey: 'perpLiquidated',
    params: {
      symbol: pos.symbol,
      qty: formatMinor(pos.qty, pair.grid.qtyDecimals),
      mark: formatMinor(mark, d),
      liq: pos.liqPrice === null ? '--' : formatMinor(pos.liqPrice, d),
      margin: formatMinor(e.margin < 0n ? -e.margin : e.margin, 6),
    },
    link: historyLink(pos.symbol),
    now,
  });
}
