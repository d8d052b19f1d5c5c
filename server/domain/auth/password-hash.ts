// Password hashing with scrypt (node:crypto) at or above OWASP's minimum, with a cap on concurrent hashes.
//
// OWASP Password Storage Cheat Sheet (https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt):
// "use scrypt with a minimum CPU/memory cost parameter of (2^17), a minimum block size of 8 (1024 bytes),
// and a parallelization parameter of 1". One hash then needs 128 * N * r = 128 MiB, so at most
// MAX_CONCURRENT hashes run at once (a burst of logins waits instead of exhausting memory) and a long queue
// is refused as "busy".
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const LOG2_N = 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;
const SALT_LEN = 16;
const MAX_CONCURRENT = 2;
const MAX_QUEUED = 64;

export class HashBusyError extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashBusyError';
  }
}

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) {
    if (waiting.length >= MAX_QUEUED) throw new HashBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // Hand the slot straight to the next waiter so `running` stays exact.
    if (next) next();
    else running--;
  }
}

function derive(
  password: string,
  salt: Buffer,
  log2n: number,
  r: number,
  p: number,
  len: number,
): Promise<Buffer> {
  const N = 2 ** log2n;
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r };
  return withSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, len, options, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/** Hashes a password; the result is self-describing: `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LEN);
  const key = await derive(password, salt, LOG2_N, R, P, KEY_LEN);
  return ['scrypt', LOG2_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (!(log2n >= 10 && log2n <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 4) || expected.length < 16)
    return false;
  const actual = await derive(password, salt, log2n, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so "no such user" and "wrong password" cannot be told apart. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}
