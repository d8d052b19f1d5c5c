// The live calls of the positions tab (spec §7): holdings and assets, read by positions-live.ts until the
// worker's account feed takes them over. The order centre and income read through queries.ts.
import { CODE_OK, type ApiEnvelope } from '../../../workers/protocol/api.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import type { Assets, Position } from '../../../workers/protocol/trade.ts';
import { apiGet, apiPost } from '../../shared/api/client.ts';

async function data<T>(p: Promise<ApiEnvelope<T> | undefined>): Promise<T | undefined> {
  const env = await p;
  return env?.code === CODE_OK ? env.data : undefined;
}

export function fetchHoldings(page: number, size: number): Promise<Page<Position> | undefined> {
  return data(apiGet<Page<Position>>('stock/hold/list', { page, size }));
}

export function fetchAssets(): Promise<Assets | undefined> {
  return data(apiPost<Assets>('user/assets'));
}
