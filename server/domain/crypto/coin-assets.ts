// coin/assets: the three accounts of a user account (README.md) with their balances and valuations. Coins are
// valued at their pair's last price in USDT, USDT in PKR at the USDT/PKR index (usdt-pkr.ts); every valuation
// is exact and truncated (USDT to 6 decimals, PKR to 2), so a sum never shows more than is there.
import type { CoinAssets, SpotAsset } from '../../../contract/exchange.ts';
import { formatMinor, multiplyScaled, parseDecimal, type Scaled } from '../../../contract/money.ts';
import type { Db } from '../../db/database.ts';
import { moneyBalances, PKR } from '../ledger/books.ts';
import { SCALE, USDT } from './exchange-rate.ts';
import { RATE_SCALE, usdtPkrAt } from './usdt-pkr.ts';

/** A coin's last price in USDT and its quantity decimals (the ledger scale of the coin). */
export interface CoinQuote {
  price: string;
  qtyDecimals: number;
}

const U = SCALE.USDT;

/** The contract account's books in USDT. */
export async function contractBooks(
  db: Db,
  accountId: number,
): Promise<{ available: bigint; frozen: bigint; margin: bigint }> {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_balances as b', 'b.ledger_account_id', 'a.id')
    .select(['a.name', 'b.amount'])
    .where('a.account_id', '=', accountId)
    .where('a.name', 'in', ['contract', 'contract_frozen', 'contract_margin'])
    .where('b.asset', '=', USDT)
    .execute();
  const of = (name: string) => rows.find((r) => r.name === name)?.amount ?? 0n;
  return { available: of('contract'), frozen: of('contract_frozen'), margin: of('contract_margin') };
}

export async function coinAssets(
  db: Db,
  accountId: number,
  quoteOf: (asset: string) => CoinQuote | undefined,
  now: number,
): Promise<CoinAssets> {
  const index: Scaled = { units: usdtPkrAt(now), scale: RATE_SCALE };
  const pkrOf = (usdt: bigint) => multiplyScaled({ units: usdt, scale: U }, index, SCALE.PKR, 'trunc');
  const val = (usdt: bigint) => ({ valueUsdt: formatMinor(usdt, U), valuePkr: formatMinor(pkrOf(usdt), 2) });

  const [balances, contract] = await Promise.all([
    moneyBalances(db, accountId),
    contractBooks(db, accountId),
  ]);
  const pkr = balances.find((b) => b.asset === PKR) ?? { asset: PKR, available: 0n, frozen: 0n };
  // PKR → USDT at the index, truncated
  const pkrTotal = pkr.available + pkr.frozen;
  const stockUsdt = (pkrTotal * 10n ** BigInt(U + RATE_SCALE)) / (index.units * 10n ** BigInt(SCALE.PKR));

  const coins = balances.filter((b) => b.asset !== PKR);
  if (!coins.some((b) => b.asset === USDT)) coins.unshift({ asset: USDT, available: 0n, frozen: 0n });
  coins.sort((a, b) => (a.asset === USDT ? -1 : b.asset === USDT ? 1 : a.asset.localeCompare(b.asset)));
  let spotUsdt = 0n;
  const assets: SpotAsset[] = coins.map((b) => {
    const total = b.available + b.frozen;
    if (b.asset === USDT) {
      spotUsdt += total;
      return {
        asset: USDT,
        available: formatMinor(b.available, U),
        frozen: formatMinor(b.frozen, U),
        price: '1',
        ...val(total),
      };
    }
    const q = quoteOf(b.asset);
    const price = q ? parseDecimal(q.price) : null;
    const places = q?.qtyDecimals ?? 8;
    const usdt = price ? multiplyScaled({ units: total, scale: places }, price, U, 'trunc') : 0n;
    spotUsdt += usdt;
    return {
      asset: b.asset,
      available: formatMinor(b.available, places),
      frozen: formatMinor(b.frozen, places),
      price: q?.price ?? '0',
      ...val(usdt),
    };
  });
  const contractUsdt = contract.available + contract.frozen + contract.margin;
  const totalUsdt = stockUsdt + spotUsdt + contractUsdt;
  return {
    usdtPkr: formatMinor(index.units, RATE_SCALE),
    at: now,
    stock: {
      asset: PKR,
      available: formatMinor(pkr.available, 2),
      frozen: formatMinor(pkr.frozen, 2),
      valueUsdt: formatMinor(stockUsdt, U),
      valuePkr: formatMinor(pkrTotal, 2),
    },
    spot: { assets, ...val(spotUsdt) },
    contract: {
      asset: USDT,
      available: formatMinor(contract.available, U),
      frozen: formatMinor(contract.frozen, U),
      margin: formatMinor(contract.margin, U),
      ...val(contractUsdt),
    },
    totalUsdt: formatMinor(totalUsdt, U),
    totalPkr: formatMinor(pkrTotal + pkrOf(spotUsdt + contractUsdt), 2),
  };
}
