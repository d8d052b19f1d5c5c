// The password check of user/login, in the order that keeps it safe under bursts: an in-flight place per
// address and phone, then one counted attempt on both lock-outs (phone and address), then the hash in the lane
// the caller earned, then the verdict recorded on both. Refusals are thrown (AttemptRefused, HashBusyError).
import type { RawDb as Db } from '../../db/database.ts';
import type { AttemptGuard, AttemptTicket } from '../rate-limit/attempt-guard.ts';
import type { LoginGate } from './login-gate.ts';
import { verifyPassword } from './password-hash.ts';
import { findUserByPhone, type UserRow } from './users-repo.sync.ts';

export interface LoginCheckDeps {
  db: Db;
  gate: LoginGate;
  perPhone: AttemptGuard;
  perIp: AttemptGuard;
}

function hasLiveSessionFrom(db: Db, userId: number, ip: string): boolean {
  return (
    db
      .prepare(
        'SELECT 1 FROM sessions WHERE user_id = ? AND ip = ? AND revoked_at IS NULL AND expires_at > ? LIMIT 1',
      )
      .get(userId, ip, Date.now()) !== undefined
  );
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
    const suspect = perPhone.failures(phone) > 0 || perIp.failures(ip) > 0;
    const tickets: AttemptTicket[] = [perPhone.enter(phone)];
    try {
      tickets.push(perIp.enter(ip));
    } catch (err) {
      tickets[0]?.settle('void');
      throw err;
    }
    const user = findUserByPhone(db, phone);
    const lane = gate.laneFor(phone, ip, {
      suspect,
      liveSessionFromIp: user !== undefined && hasLiveSessionFrom(db, user.id, ip),
    });
    let good: boolean;
    try {
      good = user
        ? await gate.timed(() => verifyPassword(password, user.passwordHash, lane))
        : await gate.standIn(lane);
    } catch (err) {
      for (const t of tickets) t.settle('void');
      throw err;
    }
    for (const t of tickets) t.settle(good ? 'success' : 'failure');
    if (!good || !user) return undefined;
    gate.remember(phone, ip);
    return user;
  } finally {
    leave();
  }
}
