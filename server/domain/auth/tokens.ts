// Session tokens: 32 random bytes sent to the client (base64url); only their SHA-256 is stored.
import { createHash, randomBytes, randomInt } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Random text from `alphabet` (crypto-strong), e.g. invite codes and captcha answers. */
export function randomText(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export const UNAMBIGUOUS = 'ACDEFHJKMNPRTUVWXY34679';
