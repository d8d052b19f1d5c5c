// The interest keys the account feed claims ('position:<symbol>': a position row in view), apart from the
// feed itself so the lazy stand-in (lazy-account-feed.ts) claims exactly the same keys before it is loaded.
import type { InterestKey } from '../../../protocol/worker-api.ts';

export const POSITION = 'position:';

export function isAccountKey(key: InterestKey): boolean {
  return key.startsWith(POSITION);
}
