// The password check of user/login, in the order that keeps it safe under bursts: an in-flight place per
// address and phone, then one counted attempt on both lock-outs (phone and address), then the hash in the lane
// the caller earned, then the verdict recorded on both. Refusals are thrown (AttemptRefused, HashBusyError).
import type { Db } from '../../db/database.ts';
import type { AttemptGuard, AttemptTicket } from '../rate-limit/attempt-guard.ts';
import type { LoginGate } from './login-gate.ts';
import { verifyPassword } from './password-hash.ts';
import { findUserByPhone, type UserRow } from './users-repo.ts';

export interface LoginCheckDeps {
  db: Db;
  gate: LoginGate;
  perPhone: AttemptGuard;
  perIp: AttemptGuard;
}

async function hasLiveSessionFrom(db: Db, userId: number, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user when the password is right; undefined when the phone or the password is wrong. */
export async function checkLogin(
  deps: LoginCheckDeps,
  phone: string,
  ip: string,
  password: string,
): Promise<UserRow | undefined> {
  const { db, gate, perPhone, perIp } = deps;
  const leave = gate.enter(phone, ip);
  try {
    // Read before this attempt is counted: a caller is suspect for failures it already had.
    const suspect = (await perPhone.failures(phone)) > 0 || (await perIp.failures(ip)) > 0;
    const tickets: AttemptTicket[] = [await perPhone.enter(phone)];
    try {
      tickets.push(await perIp.enter(ip));
    } catch (err) {
      await tickets[0]?.settle('void');
      throw err;
    }
    let good: boolean;
    let user: UserRow | undefined;
    try {
      // The reads are inside: a database error gives both attempts back like any other failure to decide.
      user = await findUserByPhone(db, phone);
      const lane = gate.laneFor(phone, ip, {
        suspect,
        liveSessionFromIp: user !== undefined && (await hasLiveSessionFrom(db, user.id, ip)),
      });
      const hash = user?.passwordHash;
      good =
        hash !== undefined
          ? await gate.timed(() => verifyPassword(password, hash, lane))
          : await gate.standIn(lane);
    } catch (err) {
      for (const t of tickets) await t.settle('void');
      throw err;
    }
    for (const t of tickets) await t.settle(good ? 'success' : 'failure');
    if (!good || !user) return undefined;
    gate.remember(phone, ip);
    return user;
  } finally {
    leave();
  }
}
