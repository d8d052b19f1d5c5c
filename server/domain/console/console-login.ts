// The console login: username, password and TOTP code, all three right or one refusal that does not say which
// part was wrong (no username enumeration). Each try is counted per username and per address before any hash
// runs (attempt guards, so a parallel burst gets no more checks than the allowance); an unknown username still
// costs a hash, so timing does not tell it apart. The matched TOTP step is stored with a compare-and-set, so
// the same code (or an older one) never logs in twice, even in parallel.
import type { Db } from '../../db/database.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import type { AttemptGuard } from '../rate-limit/attempt-guard.ts';
import { openConsoleSession } from './console-sessions.ts';
import { findOperatorByUsername, type Operator } from './operators-repo.ts';
import { matchTotp } from './totp.ts';

export interface LoginInput {
  username: string;
  password: string;
  code: string;
  ip: string;
}

export type LoginOutcome = { ok: true; token: string; operator: Operator } | { ok: false };

let dummyHash: Promise<string> | undefined;
/** A hash to check an unknown username's password against (made once per process). */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword('not-an-operator-password');
  return dummyHash;
}

/** Throws AttemptRefused (from the guards) when the username or address must wait. */
export async function loginOperator(
  db: Db,
  guards: { perUser: AttemptGuard; perIp: AttemptGuard },
  input: LoginInput,
  now: () => number,
): Promise<LoginOutcome> {
  const username = input.username.trim().toLowerCase();
  const ipTicket = await guards.perIp.enter(input.ip);
  let userTicket;
  try {
    userTicket = await guards.perUser.enter(username);
  } catch (err) {
    await ipTicket.settle('void');
    throw err;
  }
  let good = false;
  let outcome: LoginOutcome = { ok: false };
  try {
    const op = await findOperatorByUsername(db, username);
    const passwordOk = await verifyPassword(input.password, op?.passwordHash ?? (await dummy()));
    if (op && op.active && passwordOk) {
      const step = matchTotp(op.totpSecret, input.code, now(), op.lastTotpStep);
      if (step !== null) {
        const claimed = await db
          .updateTable('operators')
          .set({ last_totp_step: step })
          .where('id', '=', op.id)
          .where('last_totp_step', '<', step)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 1) {
          const token = await openConsoleSession(db, op.id, now());
          const { id, username: name, roles, active, createdAt } = op;
          outcome = { ok: true, token, operator: { id, username: name, roles, active, createdAt } };
          good = true;
        }
      }
    }
  } catch (err) {
    await ipTicket.settle('void');
    await userTicket.settle('void');
    throw err;
  }
  await ipTicket.settle(good ? 'success' : 'failure');
  await userTicket.settle(good ? 'success' : 'failure');
  return outcome;
}
