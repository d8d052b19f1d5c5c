// Changes to an open position's margin terms (coin/contract/order/add/mgn, multiple, set/profit, set/loss), each
// one transaction with the account locked first: add isolated margin, set the leverage, set or cancel TP/SL.
import { inTx } from '../../db/tx.ts';
import { parseMinor } from '../../../contract/money.ts';
import {
  addMargin as addMarginTo,
  crossed,
  entryMargin,
  liquidationPrice,
  notional,
} from '../../../contract/perp/position.ts';
import { maxLeverageAt } from '../../../contract/perp/tiers.ts';
import { validateTpSl } from '../../../contract/perp/tpsl.ts';
import { move, postRecord } from '../ledger/post.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { MAX_LEVERAGE, TAKER_RATE, USDT } from './perp-config.ts';
import { perpError, tpSlError } from './perp-errors.ts';
import { quoteOf } from './perp-grid.ts';
import { ledgerRefusal, markOrThrow, pairOf, type PerpDeps } from './perp-orders.ts';
import {
  mathOf,
  openPosition,
  ownPosition,
  positionById,
  saveLeverage,
  updatePosition,
  type PositionRow,
} from './positions-repo.ts';

/** Adds isolated margin to an open position: WB grows, the liquidation price moves away from the mark. */
export async function addIsolatedMargin(
  d: PerpDeps,
  accountId: number,
  positionId: number,
  amountText: string,
  clientId: string,
  now: number,
): Promise<PositionRow> {
  const amount = parseMinor(amountText, 6);
  if (amount === null || amount <= 0n) throw perpError('badAmount');
  return inTx(d.db, async (tx) => {
    await lockAccounts(tx, [accountId]);
    const pos = await ownPosition(tx, accountId, positionId);
    if (!pos || pos.status !== 'open') throw perpError('noPosition');
    const pair = pairOf(d, pos.symbol);
    const after = addMarginTo(mathOf(pos), amount);
    const ref = `margin:${accountId}:${clientId}`;
    const memo = `position ${positionId} amount ${amount}`;
    const prior = await tx
      .selectFrom('ledger_journals')
      .select('memo')
      .where('kind', '=', 'perp_margin')
      .where('ref', '=', ref)
      .executeTakeFirst();
    // the same clientId again: the first add stands (nothing moves twice); with other details it is refused
    if (prior) {
      if (prior.memo !== memo) throw perpError('clientIdReused');
      return pos;
    }
    await postRecord(tx, {
      kind: 'perp_margin',
      ref,
      memo,
      accountId,
      symbol: pos.symbol,
      now,
      legs: move(accountId, 'contract', 'contract_margin', USDT, amount),
    }).catch(ledgerRefusal);
    await updatePosition(
      tx,
      positionId,
      { margin: after.margin, liqPrice: liquidationPrice(pair.grid, pair.tiers, after, TAKER_RATE) },
      now,
    );
    return (await positionById(tx, positionId))!;
  });
}

/**
 * Sets the leverage of a symbol. With an open position its margin becomes the initial margin at the new
 * leverage (any added margin is reset, as on Bybit/Binance): the difference moves between contract and
 * contract_margin. Refused above the bracket's maximum, without the money for a lower leverage, or when the
 * position would be liquidatable at the current mark.
 */
export async function setLeverage(
  d: PerpDeps,
  accountId: number,
  symbol: string,
  leverage: number,
  now: number,
): Promise<{ leverage: number; position: PositionRow | null }> {
  const pair = pairOf(d, symbol);
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > MAX_LEVERAGE)
    throw perpError('leverageTooHigh', { max: MAX_LEVERAGE });
  return inTx(d.db, async (tx) => {
    await lockAccounts(tx, [accountId]);
    const pos = await openPosition(tx, accountId, symbol);
    const mark = markOrThrow(d, symbol);
    const size = pos ? notional(pair.grid, pos.qty, mark) : 0n;
    const max = maxLeverageAt(pair.tiers, size);
    if (leverage > max) throw perpError('leverageTooHigh', { max });
    if (pos && leverage !== pos.leverage) {
      const m = mathOf(pos);
      const margin = entryMargin(pair.grid, m, leverage);
      const after = { ...m, margin };
      const liq = liquidationPrice(pair.grid, pair.tiers, after, TAKER_RATE);
      if (crossed(after.side, liq, mark)) throw perpError('leverageWouldLiquidate');
      const delta = margin - pos.margin;
      await postRecord(tx, {
        kind: 'perp_leverage',
        ref: `leverage:${pos.id}:${now}:${leverage}`,
        accountId,
        symbol,
        now,
        legs:
          delta > 0n
            ? move(accountId, 'contract', 'contract_margin', USDT, delta)
            : move(accountId, 'contract_margin', 'contract', USDT, -delta),
      }).catch(ledgerRefusal);
      await updatePosition(tx, pos.id, { margin, leverage, liqPrice: liq }, now);
    }
    await saveLeverage(tx, accountId, symbol, leverage, now);
    return { leverage, position: pos ? await positionById(tx, pos.id) : null };
  });
}

export interface TpSlInput {
  accountId: number;
  positionId: number;
  kind: 'tp' | 'sl';
  /** price text; '' or '0' cancels the trigger */
  price: string;
  source: 'mark' | 'last';
}

/** Sets or cancels the position's take-profit or stop-loss, validated against entry, the reference and LP. */
export async function setTpSl(d: PerpDeps, input: TpSlInput, now: number): Promise<PositionRow> {
  return inTx(d.db, async (tx) => {
    await lockAccounts(tx, [input.accountId]);
    const pos = await ownPosition(tx, input.accountId, input.positionId);
    if (!pos || pos.status !== 'open') throw perpError('noPosition');
    const pair = pairOf(d, pos.symbol);
    const cancel = input.price === '' || input.price === '0';
    if (cancel) {
      await updatePosition(tx, pos.id, input.kind === 'tp' ? { tpPrice: null } : { slPrice: null }, now);
      return (await positionById(tx, pos.id))!;
    }
    const price = parseMinor(input.price, pair.grid.priceDecimals);
    if (price === null || price <= 0n) throw perpError('badPrice', { decimals: pair.grid.priceDecimals });
    const quote = quoteOf(d.market, pair);
    const reference = input.source === 'mark' ? d.marks.mark(pos.symbol) : (quote?.last ?? null);
    if (reference === null) throw perpError('noPrice');
    const refusal = validateTpSl({
      side: pos.side === 'long' ? 1 : -1,
      qty: pos.qty,
      entryValue: pos.entryValue,
      reference,
      liquidation: pos.liqPrice,
      ...(input.kind === 'tp' ? { takeProfit: price } : { stopLoss: price }),
    });
    if (refusal) throw tpSlError(refusal);
    await updatePosition(
      tx,
      pos.id,
      input.kind === 'tp'
        ? { tpPrice: price, tpSource: input.source }
        : { slPrice: price, slSource: input.source },
      now,
    );
    return (await positionById(tx, pos.id))!;
  });
}
