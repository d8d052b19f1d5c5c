// Fees and taxes of a PSX order in integer paisa: broker commission, Sindh sales tax on it, capital value tax
// (buys), CDC and exchange charges. Rates are parts per million so every figure stays exact; each component is
// rounded UP to the paisa (the broker never under-collects a tax). Defaults below, each overridable by env.
//
// Defaults (documented for the lead and the screens):
//   commission  0.15% of the value, at least PKR 0.03 per share  TRADE_COMMISSION_PPM=1500, TRADE_COMMISSION_MIN_PER_SHARE_PAISA=3
//   SST         15% of the commission (Sindh)                    TRADE_SST_PPM=150000
//   CVT         0.02% of the value, buys only                    TRADE_CVT_PPM=200
//   CDC         0.005% of the value                              TRADE_CDC_PPM=50
//   exchange    0.02% of the value (PSX)                         TRADE_EXCHANGE_PPM=200
// The per-share minimum (not a flat one) keeps fees linear in quantity, so partial fills charged on the
// cumulative value of the order add up to exactly the fee of the whole fill and never exceed what was frozen.
import type { OrderSide } from '../../../workers/protocol/trade.ts';

export interface FeeConfig {
  commissionPpm: bigint;
  commissionMinPerSharePaisa: bigint;
  sstPpm: bigint;
  cvtPpm: bigint;
  cdcPpm: bigint;
  exchangePpm: bigint;
}

export interface Fees {
  commission: bigint;
  sst: bigint;
  cvt: bigint;
  cdc: bigint;
  exchange: bigint;
}

export const FEE_KEYS = ['commission', 'sst', 'cvt', 'cdc', 'exchange'] as const;

export const DEFAULT_FEES: FeeConfig = {
  commissionPpm: 1500n,
  commissionMinPerSharePaisa: 3n,
  sstPpm: 150_000n,
  cvtPpm: 200n,
  cdcPpm: 50n,
  exchangePpm: 200n,
};

const MILLION = 1_000_000n;

export const ZERO_FEES: Fees = { commission: 0n, sst: 0n, cvt: 0n, cdc: 0n, exchange: 0n };

function ceilPpm(value: bigint, ppm: bigint): bigint {
  return (value * ppm + MILLION - 1n) / MILLION;
}

/** Fees of `qty` shares worth `amount` paisa in total. Monotone in both, so cumulative deltas are ≥ 0. */
export function calcFees(side: OrderSide, amount: bigint, qty: bigint, cfg: FeeConfig = DEFAULT_FEES): Fees {
  if (amount <= 0n || qty <= 0n) return ZERO_FEES;
  const byRate = ceilPpm(amount, cfg.commissionPpm);
  const byShare = qty * cfg.commissionMinPerSharePaisa;
  const commission = byRate > byShare ? byRate : byShare;
  return {
    commission,
    sst: ceilPpm(commission, cfg.sstPpm),
    cvt: side === 'buy' ? ceilPpm(amount, cfg.cvtPpm) : 0n,
    cdc: ceilPpm(amount, cfg.cdcPpm),
    exchange: ceilPpm(amount, cfg.exchangePpm),
  };
}

export function feeTotal(f: Fees): bigint {
  return f.commission + f.sst + f.cvt + f.cdc + f.exchange;
}

export function subFees(a: Fees, b: Fees): Fees {
  return {
    commission: a.commission - b.commission,
    sst: a.sst - b.sst,
    cvt: a.cvt - b.cvt,
    cdc: a.cdc - b.cdc,
    exchange: a.exchange - b.exchange,
  };
}

type Env = Readonly<Record<string, string | undefined>>;

function ppm(env: Env, name: string, fallback: bigint): bigint {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,7}$/.test(raw) || BigInt(raw) > MILLION)
    throw new Error(`${name} must be a whole number 0–1000000 (parts per million), got "${raw}"`);
  return BigInt(raw);
}

/** The fee rates from the environment (see the table above). */
export function feeConfig(env: Env): FeeConfig {
  return {
    commissionPpm: ppm(env, 'TRADE_COMMISSION_PPM', DEFAULT_FEES.commissionPpm),
    commissionMinPerSharePaisa: ppm(
      env,
      'TRADE_COMMISSION_MIN_PER_SHARE_PAISA',
      DEFAULT_FEES.commissionMinPerSharePaisa,
    ),
    sstPpm: ppm(env, 'TRADE_SST_PPM', DEFAULT_FEES.sstPpm),
    cvtPpm: ppm(env, 'TRADE_CVT_PPM', DEFAULT_FEES.cvtPpm),
    cdcPpm: ppm(env, 'TRADE_CDC_PPM', DEFAULT_FEES.cdcPpm),
    exchangePpm: ppm(env, 'TRADE_EXCHANGE_PPM', DEFAULT_FEES.exchangePpm),
  };
}
