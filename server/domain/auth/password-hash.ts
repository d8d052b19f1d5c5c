// Password hashing with scrypt (node:crypto) at or above OWASP's minimum, with a cap on concurrent hashes.
//
// OWASP Password Storage Cheat Sheet (https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt):
// "use scrypt with a minimum CPU/memory cost parameter of (2^17), a minimum block size of 8 (1024 bytes),
// and a parallelization parameter of 1". One hash then needs 128 * N * r = 128 MiB, so at most
// a few hashes run at once (a burst waits instead of exhausting memory), in the lanes of hash-queue.ts.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HashQueue, type HashLane } from './hash-queue.ts';

const LOG2_N = 17;

/**
 * The cost new hashes get from the configuration (config.ts `passwordHashLog2n`): production's 2^17 always,
 * except in the test suite (NODE_ENV=test, which Vitest sets and the test servers it spawns inherit) when
 * SCRYPT_LOG2N_FOR_TESTS names a cheaper one (10 to 16): a hash at 2^17 takes 0.3–1 s of a 2-core machine's
 * CPU, and the suites register thousands of users. Verifying reads the cost from the stored hash, so both
 * kinds verify. tests/unit/server/password-cost.test.ts checks both.
 */
export function hashCostFor(env: Readonly<Record<string, string | undefined>>): number {
  if (env['NODE_ENV'] !== 'test') return LOG2_N;
  const n = Number(env['SCRYPT_LOG2N_FOR_TESTS']);
  return Number.isInteger(n) && n >= 10 && n < LOG2_N ? n : LOG2_N;
}

let newHashLog2n = LOG2_N;

/** Sets the cost of new hashes in this process (buildApp, from the configuration); out of range: 2^17. */
export function setHashCost(log2n: number): void {
  newHashLog2n = Number.isInteger(log2n) && log2n >= 10 && log2n <= LOG2_N ? log2n : LOG2_N;
}
const R = 8;
const P = 1;
const KEY_LEN = 32;
const SALT_LEN = 16;

/** One queue per process: the memory it protects is the process's. */
export const hashQueue = new HashQueue({ slots: 2, userQueue: 32, strangerQueue: 64 });

/**
 * Test hook: `verifies` counts the password checks that really ran scrypt (attack tests assert that a burst
 * never gets more than its allowance); `hold`, when set, is awaited inside the slot before scrypt runs, so a
 * test can keep hashes "running" and fill the queue without depending on the machine's speed.
 */
export const hashProbe: {
  verifies: number;
  hold: (() => Promise<void>) | undefined;
  /** the lane of every hash in the order the scrypt runs began (tests read the queue's order from it) */
  starts: HashLane[];
} = {
  verifies: 0,
  hold: undefined,
  starts: [],
};

function derive(
  password: string,
  salt: Buffer,
  log2n: number,
  r: number,
  p: number,
  len: number,
  lane: HashLane,
  isVerify: boolean,
): Promise<Buffer> {
  const N = 2 ** log2n;
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r };
  return hashQueue.run(lane, async () => {
    if (hashProbe.hold) await hashProbe.hold();
    if (isVerify) hashProbe.verifies++;
    if (hashProbe.starts.length < 10_000) hashProbe.starts.push(lane);
    return new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFC'), salt, len, options, (err, key) => (err ? reject(err) : resolve(key)));
    });
  });
}

/**
 * Hashes a password; the result is self-describing: `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`.
 * `lane`: 'user' for a signed-in user's own action, else the stranger lane the caller earned (hash-queue.ts).
 */
export async function hashPassword(password: string, lane: HashLane = 'login'): Promise<string> {
  const salt = randomBytes(SALT_LEN);
  const log2n = newHashLog2n;
  const key = await derive(password, salt, log2n, R, P, KEY_LEN, lane, false);
  return ['scrypt', log2n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Checks a password against a stored hash in constant time; false for a malformed hash. Callers that let a
 * stranger or a session guess go through an AttemptGuard first (domain/rate-limit/attempt-guard.ts).
 */
export async function verifyPassword(
  password: string,
  stored: string,
  lane: HashLane = 'login',
): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (!(log2n >= 10 && log2n <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 4) || expected.length < 16)
    return false;
  const actual = await derive(password, salt, log2n, r, p, expected.length, lane, true);
  return timingSafeEqual(actual, expected);
}
