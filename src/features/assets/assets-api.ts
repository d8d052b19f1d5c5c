// The live calls of the assets screen (spec §7): the account's assets, polled, and the real/demo switch. They
// move to the worker's account feed; the money movements are a query (queries.ts).
import type { UserInfo } from '../../../workers/protocol/api.ts';
import { CODE_OK, type ApiEnvelope } from '../../../workers/protocol/api.ts';
import type { Assets } from '../../../workers/protocol/trade.ts';
import { apiGet, apiPost } from '../../shared/api/client.ts';
import { storage } from '../../shared/storage/storage.ts';

async function data<T>(p: Promise<ApiEnvelope<T> | undefined>): Promise<T | undefined> {
  const env = await p;
  return env?.code === CODE_OK ? env.data : undefined;
}

export function fetchAssets(): Promise<Assets | undefined> {
  return data(apiPost<Assets>('user/assets'));
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
