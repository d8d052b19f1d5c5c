// The reference a user quotes with a transfer: 'D' + 8 Crockford base32 characters (40 random bits; no I, L,
// O or U, so it reads back unambiguously over the phone). deposits.reference is UNIQUE: a clash is retried.
import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_PATTERN = /^D[0-9A-HJKMNP-TV-Z]{8}$/;

export function newDepositReference(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 7; i >= 0; i--) out += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `D${out}`;
}
