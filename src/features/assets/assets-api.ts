// The one live call of the assets screens left here: the real/demo switch (spec §4). The balances are live from
// the worker's account feed (src/market/account.ts); the money movements are a query (queries.ts).
import type { UserInfo } from '../../../workers/protocol/api.ts';
import { CODE_OK } from '../../../workers/protocol/api.ts';
import { apiGet } from '../../shared/api/client.ts';
import { storage } from '../../shared/storage/storage.ts';

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
