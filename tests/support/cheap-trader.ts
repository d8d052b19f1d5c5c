// Traders created straight in a database, for tests and benches that do not go through sign-up: a scrypt
// hash in the server's own format at the cheapest cost verifyPassword accepts (N = 2^10, r = 8, p = 1; 1 MiB)
// instead of production's N = 2^17, a demo grant as registration gives, the transaction password
// TRADE_PASSWORD and a session. No test harness here, so the benches can use it too.
import { randomBytes, scryptSync } from 'node:crypto';
import type { Db } from '../../server/db/database.ts';
import { createSession } from '../../server/domain/auth/sessions-repo.ts';
import { createUser } from '../../server/domain/auth/users-repo.ts';

export const TRADE_PASSWORD = '246810';

/** The scrypt cost of cheapHash. */
export const CHEAP_SCRYPT = { log2N: 10, r: 8, p: 1 };

export function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const { log2N, r, p } = CHEAP_SCRYPT;
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 2 ** log2N, r, p });
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export interface Trader {
  userId: number;
  tokenReal: string;
  tokenDemo: string;
}

export interface TraderOptions {
  /** +92 mobile in the 3XXXXXXXXX form */
  phone: string;
  demoFundsPaisa: bigint;
  /** set TRADE_PASSWORD (default true) */
  withPassword?: boolean;
  userAgent?: string;
}

/** A user with their accounts, the demo grant, the transaction password and a session, on `db`. */
export async function traderOn(db: Db, opts: TraderOptions): Promise<Trader> {
  const userId = await createUser(db, {
    areaCode: '+92',
    phone: `+92${opts.phone}`,
    passwordHash: cheapHash('Str0ng-pass'),
    invitedBy: null,
    demoFundsPaisa: opts.demoFundsPaisa,
  });
  if (opts.withPassword ?? true) {
    await db
      .updateTable('users')
      .set({ trade_password_hash: cheapHash(TRADE_PASSWORD) })
      .where('id', '=', userId)
      .execute();
  }
  const s = await createSession(db, userId, 1, { ip: '127.0.0.1', userAgent: opts.userAgent ?? 'test' });
  return { userId, tokenReal: s.tokenReal, tokenDemo: s.tokenDemo };
}
