// The calls of the assets screens (spec §7): the account's money movements (funds detail) and the real/demo
// switch. The balances themselves are live from the worker's account feed (src/market/account.ts).
import type { UserInfo } from '../../../workers/protocol/api.ts';
import { CODE_OK, type ApiEnvelope } from '../../../workers/protocol/api.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import type { TxRecord, TxType } from '../../../workers/protocol/trade.ts';
import { apiGet } from '../../shared/api/client.ts';
import { storage } from '../../shared/storage/storage.ts';

async function data<T>(p: Promise<ApiEnvelope<T> | undefined>): Promise<T | undefined> {
  const env = await p;
  return env?.code === CODE_OK ? env.data : undefined;
}

export function fetchTxRecords(
  type: TxType | '',
  page: number,
  size: number,
): Promise<Page<TxRecord> | undefined> {
  return data(apiGet<Page<TxRecord>>('user/tx/record', { type: type || undefined, page, size }));
}

/** Spec §4: the other account's token becomes current; the profile is re-read for that account. */
export async function switchAccountType(type: 'real' | 'demo'): Promise<void> {
  storage.switchAccountType(type);
  try {
    const env = await apiGet<UserInfo>('user/info');
    if (env?.code === CODE_OK) storage.set('userInfo', env.data);
  } catch {
    // the switch itself is local; the profile follows on the next read
  }
}
