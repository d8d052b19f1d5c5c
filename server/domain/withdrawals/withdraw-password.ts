// The 6-digit withdrawal password (spec §5; users.withdraw_password_hash, lock-out scope 'withdraw_password'),
// the same design as the transaction password: auth/six-digit-secret.ts.
import { SixDigitSecret } from '../auth/six-digit-secret.ts';

export const withdrawSecret = new SixDigitSecret({ column: 'withdraw_password_hash', errors: 'withdraw' });
