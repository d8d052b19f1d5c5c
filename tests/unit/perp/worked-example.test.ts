// The reference's worked example (derivatives.md §1): BTCUSDT isolated 10×, EP 60,000, |Q| 0.1, WB = IM = 600,
// MMR 0.4 %, cum 0, taker 0.05 %, written out for a long and a short, each figure also recomputed with decimal.js.
import { describe, expect, it } from 'vitest';
import type { PerpGrid } from '../../../contract/perp/fixed.ts';
import {
  addMargin,
  bankruptcyPrice,
  closePart,
  entryMargin,
  initialMargin,
  liquidationPrice,
  marginRatio,
  roe,
  tradeFee,
  unrealisedPnl,
  type PerpPosition,
} from '../../../contract/perp/position.ts';
import { settleFunding } from '../../../contract/perp/funding.ts';
import { tiersOf } from '../../../contract/perp/tiers.ts';
import { validateTpSl } from '../../../contract/perp/tpsl.ts';
import { Decimal } from '../pnl/decimal-reference.ts';

const BTC: PerpGrid = { priceDecimals: 2, qtyDecimals: 5 };
const tiers = tiersOf('BTC');
const TAKER = 50_000n; // 0.05 %
const px = (s: string) => BigInt(new Decimal(s).times(100).toFixed(0)); // price units (2 places)
const usdt = (s: string) => BigInt(new Decimal(s).times(1e6).toFixed(0)); // micro-USDT
const Q = 10_000n; // 0.1 BTC at 5 places
const EP = px('60000');

function pos(side: 1 | -1, margin = usdt('600')): PerpPosition {
  return { side, qty: Q, entryValue: Q * EP, margin };
}

// decimal.js oracle of the liquidation price (close-fee-reserving Binance formula), in USDT.
function refLp(side: 1 | -1, wb: string, mmr: string, fee: string): InstanceType<typeof Decimal> {
  const q = new Decimal('0.1');
  const num = new Decimal(wb).minus(q.times(60000).times(side));
  const den = q.times(new Decimal(mmr).plus(fee)).minus(q.times(side));
  return num.div(den);
}
const toTick = (d: InstanceType<typeof Decimal>, side: 1 | -1) =>
  BigInt(
    d
      .times(100)
      .toDecimalPlaces(0, side === 1 ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR)
      .toFixed(0),
  );

describe('isolated 10× BTCUSDT, worked example', () => {
  it('opens with IM 600 and a 3.00 fee', () => {
    expect(initialMargin(BTC, Q, EP, 10)).toBe(usdt('600'));
    expect(tradeFee(BTC, Q, EP, TAKER)).toBe(usdt('3'));
    expect(new Decimal('6000').times('0.0005').toString()).toBe('3');
  });

  it('liquidation price without the close fee is Binance’s 54,216.87 / 65,737.05 (short rounded down)', () => {
    expect(liquidationPrice(BTC, tiers, pos(1), 0n)).toBe(px('54216.87'));
    expect(liquidationPrice(BTC, tiers, pos(-1), 0n)).toBe(px('65737.05'));
    expect(px('54216.87')).toBe(toTick(refLp(1, '600', '0.004', '0'), 1));
    expect(px('65737.05')).toBe(toTick(refLp(-1, '600', '0.004', '0'), -1));
  });

  it('liquidation price with the close fee reserved is 54,244.10 / 65,704.33', () => {
    expect(liquidationPrice(BTC, tiers, pos(1), TAKER)).toBe(px('54244.10'));
    expect(liquidationPrice(BTC, tiers, pos(-1), TAKER)).toBe(px('65704.33'));
    expect(px('54244.10')).toBe(toTick(refLp(1, '600', '0.004', '0.0005'), 1));
    expect(px('65704.33')).toBe(toTick(refLp(-1, '600', '0.004', '0.0005'), -1));
  });

  it('bankruptcy price is 54,000 / 66,000', () => {
    expect(bankruptcyPrice(BTC, pos(1))).toBe(px('54000'));
    expect(bankruptcyPrice(BTC, pos(-1))).toBe(px('66000'));
  });

  it('adding 300 USDT margin moves the liquidation price to 51,204.82 / 68,725.09', () => {
    expect(liquidationPrice(BTC, tiers, addMargin(pos(1), usdt('300')), 0n)).toBe(px('51204.82'));
    // the reference rounds half-up (…10); a short's price is cut down to the tick, so liquidation is never later
    expect(liquidationPrice(BTC, tiers, addMargin(pos(-1), usdt('300')), 0n)).toBe(px('68725.09'));
    expect(toTick(refLp(1, '900', '0.004', '0'), 1)).toBe(px('51204.82'));
    expect(toTick(refLp(-1, '900', '0.004', '0'), -1)).toBe(px('68725.09'));
  });

  it('funding 0.01 % at M 61,000: the long pays 0.61 and the short receives 0.61', () => {
    const s = settleFunding(
      BTC,
      [
        { side: 1, qty: Q },
        { side: -1, qty: Q },
      ],
      px('61000'),
      10_000n,
    );
    expect(s.amounts).toEqual([usdt('0.61'), -usdt('0.61')]);
    expect(s.toFund).toBe(0n);
  });

  it('uPnL +300 at 63,000 (long) / 57,000 (short); ROE 50 % on entry margin, 47.61 % on mark', () => {
    const long = pos(1);
    const pnl = unrealisedPnl(BTC, long, px('63000'));
    expect(pnl).toBe(usdt('300'));
    expect(unrealisedPnl(BTC, pos(-1), px('57000'))).toBe(usdt('300'));
    expect(roe(pnl, entryMargin(BTC, long, 10))).toBe(50_000_000n);
    const markBase = initialMargin(BTC, Q, px('63000'), 10);
    const r = roe(pnl, markBase)!;
    expect(r).toBe(
      BigInt(new Decimal(300).div(630).times(1e8).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0)),
    );
  });

  it('full close at market: long nets 293.24, short 294.76 after the open fee and funding', () => {
    const l = closePart(BTC, pos(1), Q, px('63000'), TAKER);
    expect(l.fee).toBe(usdt('3.15'));
    expect(l.realised).toBe(usdt('300'));
    expect(l.payout).toBe(usdt('900') - usdt('3.15'));
    expect(l.realised - usdt('3') - l.fee - usdt('0.61')).toBe(usdt('293.24'));
    const s = closePart(BTC, pos(-1), Q, px('57000'), TAKER);
    expect(s.fee).toBe(usdt('2.85'));
    expect(s.realised - usdt('3') - s.fee + usdt('0.61')).toBe(usdt('294.76'));
    expect(l.rest).toBeNull();
  });

  it('closing 50 % at 63,000 realises 150 less 1.575, halves WB to 300 and keeps the liquidation price', () => {
    const c = closePart(BTC, pos(1), Q / 2n, px('63000'), TAKER);
    expect(c.realised).toBe(usdt('150'));
    expect(c.fee).toBe(usdt('1.575'));
    expect(c.rest!.margin).toBe(usdt('300'));
    expect(liquidationPrice(BTC, tiers, c.rest!, 0n)).toBe(px('54216.87'));
    expect(liquidationPrice(BTC, tiers, c.rest!, TAKER)).toBe(px('54244.10'));
  });

  it('margin ratio at 61,000 is MM 24.40 over 700', () => {
    const r = marginRatio(BTC, tiers, pos(1), px('61000'))!;
    const ref = new Decimal('6100').times('0.004').div(700).times(1e8).toDecimalPlaces(0, Decimal.ROUND_CEIL);
    expect(r).toBe(BigInt(ref.toFixed(0)));
  });

  it('valid TP/SL at M 61,000 (short: 59,000) and the refusals around them', () => {
    const lp = liquidationPrice(BTC, tiers, pos(1), 0n);
    const base = { side: 1 as const, qty: Q, entryValue: Q * EP, reference: px('61000'), liquidation: lp };
    expect(validateTpSl({ ...base, takeProfit: px('61000.01'), stopLoss: px('54216.88') })).toBeNull();
    expect(validateTpSl({ ...base, takeProfit: px('61000') })).toBe('tp_would_fire_now');
    expect(validateTpSl({ ...base, stopLoss: px('54216.87') })).toBe('sl_beyond_liquidation');
    expect(validateTpSl({ ...base, stopLoss: px('60000.01') })).toBe('sl_wrong_side_of_entry');
    expect(validateTpSl({ ...base, reference: px('59000'), takeProfit: px('59999.99') })).toBe(
      'tp_wrong_side_of_entry',
    );
    const slp = liquidationPrice(BTC, tiers, pos(-1), 0n);
    const sb = { side: -1 as const, qty: Q, entryValue: Q * EP, reference: px('59000'), liquidation: slp };
    expect(validateTpSl({ ...sb, takeProfit: px('58999.99'), stopLoss: px('65737.04') })).toBeNull();
    expect(validateTpSl({ ...sb, stopLoss: px('65737.05') })).toBe('sl_beyond_liquidation');
    expect(validateTpSl({ ...sb, takeProfit: px('60000.01'), reference: px('61000') })).toBe(
      'tp_wrong_side_of_entry',
    );
  });
});
