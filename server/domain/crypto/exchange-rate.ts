// The arithmetic of a PKR↔USDT quote (user/exchange), pure and exact. PKR has 2 decimals, USDT 6 (the
// ledger's scales), the rate 4 (PKR per 1 USDT, RATE_SCALE).
//
// The spread is the cost of the exchange and is disclosed as such: the user buys USDT at the index plus
// `spreadBps` and sells at the index minus `spreadBps` (fee 0). Rounding, a decision: every rounding is in the
// platform's disfavour, by less than one minor unit each time:
//   - the quoted rate is rounded toward the user (buying USDT: down; selling USDT: up) to 4 decimals;
//   - what the user receives is the from-amount at that rate, rounded UP to the to-asset's minor unit.
// So a user never gets less than the disclosed rate gives, and the desk never gives more than one minor unit
// beyond it.
import { divRound } from '../../../contract/money.ts';
import { PKR } from '../ledger/books.ts';

export const USDT = 'USDT';
export const SCALE: Readonly<Record<'PKR' | 'USDT', number>> = { PKR: 2, USDT: 6 };
export const EXCHANGE_DIRECTIONS = ['PKR_USDT', 'USDT_PKR'] as const;
export type ExchangeDirection = (typeof EXCHANGE_DIRECTIONS)[number];

export function assetsOf(direction: ExchangeDirection): { from: 'PKR' | 'USDT'; to: 'PKR' | 'USDT' } {
  return direction === 'PKR_USDT' ? { from: PKR, to: USDT } : { from: USDT, to: PKR };
}

/** The rate the user is quoted: the index ± the spread, rounded toward the user (4 decimals). */
export function quotedRate(direction: ExchangeDirection, indexUnits: bigint, spreadBps: number): bigint {
  const bps = BigInt(spreadBps);
  return direction === 'PKR_USDT'
    ? divRound(indexUnits * (10_000n + bps), 10_000n, 'floor')
    : divRound(indexUnits * (10_000n - bps), 10_000n, 'ceil');
}

/**
 * What `amount` (from-asset minor units) buys at `rate`, in to-asset minor units, rounded up.
 * PKR→USDT: paisa/100 ÷ (rate/10^4) USDT = paisa·10^8/rate micro-USDT; USDT→PKR: µUSDT·rate/10^8 paisa.
 */
export function receiveOf(direction: ExchangeDirection, amount: bigint, rate: bigint): bigint {
  return direction === 'PKR_USDT'
    ? divRound(amount * 100_000_000n, rate, 'ceil')
    : divRound(amount * rate, 100_000_000n, 'ceil');
}
