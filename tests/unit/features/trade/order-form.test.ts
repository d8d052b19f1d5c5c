// Order-entry rules: input cleaning, exact tick and lot steppers, the % shortcuts, the checks before the
// password step, the preview query and the client order id reuse (the transaction password form's rules are
// the contract's: tests/unit/features/trade/trade-password-page.test.tsx).
import { describe, expect, it } from 'vitest';
import type { OrderPreview } from '../../../../workers/protocol/trade.ts';
import {
  cleanPrice,
  cleanQty,
  parseTradeQuery,
  pctOfMax,
  previewQuery,
  stepPrice,
  stepQty,
  validateOrder,
  type OrderDraft,
} from '../../../../src/features/trade/order-form.ts';
import { ClientOrderIds } from '../../../../src/features/trade/client-order-id.ts';

const fee = { commission: '1', sst: '0.15', cvt: '0', cdc: '0.1', exchange: '0.2', total: '1.45' };
const preview = (p: Partial<OrderPreview> = {}): OrderPreview => ({
  symbol: 'OGDC',
  side: 'buy',
  type: 'limit',
  price: '100',
  qty: '100',
  amount: '10000',
  fee,
  net: '10001.45',
  available: '50000',
  maxQty: '499',
  lotSize: '1',
  limitUp: '110.00',
  limitDown: '90.00',
  ...p,
});
const draft = (d: Partial<OrderDraft> = {}): OrderDraft => ({
  symbol: 'OGDC',
  side: 'buy',
  type: 'limit',
  price: '100.00',
  qty: '100',
  ...d,
});

describe('input cleaning', () => {
  it('keeps digits and one dot with at most 2 decimals in a price', () => {
    expect(cleanPrice('1,2a3.456')).toBe('123.45');
    expect(cleanPrice('0012.5.6')).toBe('12.56');
    expect(cleanPrice('.5')).toBe('0.5');
    expect(cleanPrice('')).toBe('');
  });
  it('keeps whole shares only', () => {
    expect(cleanQty('0012')).toBe('12');
    expect(cleanQty('1.5')).toBe('15');
    expect(cleanQty('-3x')).toBe('3');
  });
});

describe('steppers', () => {
  it('moves a price by exactly one tick, without float error', () => {
    expect(stepPrice('0.1', '0.01', 1)).toBe('0.11');
    expect(stepPrice('100.29', '0.01', 1)).toBe('100.30');
    expect(stepPrice('100.30', '0.01', -1)).toBe('100.29');
  });
  it('snaps an off-grid price to the grid in the direction of the step', () => {
    expect(stepPrice('10.005', '0.01', 1)).toBe('10.01');
    expect(stepPrice('10.005', '0.01', -1)).toBe('10.00');
  });
  it('never goes below one tick and starts an empty price from the fallback', () => {
    expect(stepPrice('0.01', '0.01', -1)).toBe('0.01');
    expect(stepPrice('', '0.01', 1, '55.50')).toBe('55.51');
    expect(stepPrice('', '0.01', 1)).toBe('0.01');
  });
  it('moves a quantity by lots, on the lot grid, never below one lot', () => {
    expect(stepQty('100', '100', 1)).toBe('200');
    expect(stepQty('150', '100', 1)).toBe('200');
    expect(stepQty('150', '100', -1)).toBe('100');
    expect(stepQty('100', '100', -1)).toBe('100');
    expect(stepQty('', '1', 1)).toBe('1');
  });
  it('takes 25–100 % of the maximum in whole lots', () => {
    expect(pctOfMax('499', '1', 25)).toBe('124');
    expect(pctOfMax('499', '1', 100)).toBe('499');
    expect(pctOfMax('1000', '500', 75)).toBe('500');
    expect(pctOfMax('300', '500', 50)).toBe('');
    expect(pctOfMax('', '1', 50)).toBe('');
  });
});

describe('validateOrder', () => {
  it('asks for a stock, a price and a quantity first (spec §5 messages)', () => {
    expect(validateOrder(draft({ symbol: '' }), null)?.key).toBe('trade:errors.symbolRequired');
    expect(validateOrder(draft({ price: '' }), null)?.key).toBe('trade:errors.priceRequired');
    expect(validateOrder(draft({ price: '0.00' }), null)?.key).toBe('trade:errors.priceZero');
    expect(validateOrder(draft({ qty: '' }), null)?.key).toBe('trade:errors.qtyRequired');
    expect(validateOrder(draft({ qty: '0' }), null)?.key).toBe('trade:errors.amountZero');
  });
  it('ignores the price of a market order', () => {
    expect(validateOrder(draft({ type: 'market', price: '' }), null)).toBeNull();
  });
  it('checks lots, the daily band and the maximum from the preview', () => {
    expect(validateOrder(draft({ qty: '150' }), preview({ lotSize: '100' }))).toEqual({
      key: 'trade:errors.lot',
      values: { lot: '100' },
    });
    expect(validateOrder(draft({ price: '110.01' }), preview())?.key).toBe('trade:errors.band');
    expect(validateOrder(draft({ price: '89.99' }), preview())?.key).toBe('trade:errors.band');
    expect(validateOrder(draft({ price: '110' }), preview())).toBeNull();
    expect(validateOrder(draft({ qty: '500' }), preview())?.key).toBe('trade:errors.insufficient');
    expect(validateOrder(draft({ side: 'sell', qty: '500' }), preview())?.key).toBe(
      'trade:errors.notEnoughQty',
    );
    expect(validateOrder(draft({ side: 'sell' }), preview({ maxQty: '0' }))?.key).toBe(
      'trade:errors.availableZero',
    );
  });
  it('names shares locked until T+1 when a sell cannot be covered', () => {
    expect(validateOrder(draft({ side: 'sell' }), preview({ maxQty: '0' }), '100')?.key).toBe(
      'trade:errors.t1Locked',
    );
    expect(validateOrder(draft({ side: 'sell', qty: '150' }), preview({ maxQty: '100' }), '50')).toEqual({
      key: 'trade:errors.t1NotEnough',
      values: { locked: '50' },
    });
  });
});

describe('previewQuery and the page query', () => {
  it('prices a market order without a price and asks for one share before a quantity is typed', () => {
    expect(previewQuery(draft({ type: 'market', qty: '' }))).toEqual({
      symbol: 'OGDC',
      side: 'buy',
      type: 'market',
      qty: '1',
    });
    expect(previewQuery(draft())).toMatchObject({ type: 'limit', price: '100.00', qty: '100' });
    expect(previewQuery(draft({ price: '0' }))).toBeNull();
    expect(previewQuery(draft({ symbol: '' }))).toBeNull();
  });
  it('reads symbol and side from the query', () => {
    expect(parseTradeQuery(new URLSearchParams('symbol=ogdc&side=sell'))).toEqual({
      symbol: 'OGDC',
      side: 'sell',
    });
    expect(parseTradeQuery(new URLSearchParams('symbol=<x>&side=hold'))).toEqual({ symbol: '', side: 'buy' });
  });
});

describe('ClientOrderIds', () => {
  it('reuses the id of an unanswered submit of the same order and issues a new one after an answer', () => {
    let n = 0;
    const ids = new ClientOrderIds(() => `id-${++n}`);
    expect(ids.idFor('a')).toBe('id-1');
    expect(ids.idFor('a')).toBe('id-1');
    expect(ids.idFor('b')).toBe('id-2');
    ids.settle();
    expect(ids.idFor('b')).toBe('id-3');
  });
  it('makes RFC 4122 v4 ids by default', () => {
    expect(new ClientOrderIds().idFor('x')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
