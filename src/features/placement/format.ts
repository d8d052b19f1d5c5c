// How the placement screens write amounts, share counts and times: the server's exact decimal strings grouped,
// Pakistan time to the minute, and price × qty from integers only.
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount, withThousands } from '../../shared/format/numbers.ts';

export const when = (ms: number): string => formatDate(ms, 'YYYY-MM-DD HH:mm');
export const pkr = (amount: string): string => `${formatPKRAmount(amount)} PKR`;
export const shares = (n: number): string => withThousands(n);
export const costOf = (price: string, qty: number): string =>
  formatMinor((parseMinor(price, 2) ?? 0n) * BigInt(qty), 2);
