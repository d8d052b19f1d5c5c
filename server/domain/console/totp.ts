// One-time codes of the console login: TOTP (RFC 6238) over HOTP (RFC 4226) with HMAC-SHA1, 30-second steps,
// 6 digits, the step before and after accepted (clock drift), node:crypto only. A code is accepted once: the
// caller stores the step it matched (operators.last_totp_step) and a code whose step is not newer is refused.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_MS = 30_000;
export const TOTP_DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case, spaces and '=' padding ignored); null when a character is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) return null;
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP (RFC 4226 §5.3): the `digits`-digit code of `counter`, with HMAC over `algorithm`. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(bin).padStart(digits, '0');
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / TOTP_STEP_MS);
}

/** The code of the step containing `nowMs` (for the CLI's check and the tests). */
export function totpCode(secretBase32: string, nowMs: number): string {
  const key = base32Decode(secretBase32);
  if (!key) throw new Error('TOTP secret is not base32');
  return hotp(key, totpStep(nowMs));
}

/**
 * The step `code` matches within ±1 step of `nowMs` that is newer than `lastStep`, or null. Every candidate
 * is compared in constant time, so the answer's timing does not tell which step was near.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastStep: number,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  if (!key || key.length === 0) return null;
  const now = totpStep(nowMs);
  let found: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const same = timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code));
    if (same && step > lastStep && found === null) found = step;
  }
  return found;
}

/** The otpauth:// URI an authenticator app reads (Key URI Format). */
export function otpauthUri(issuer: string, username: string, secretBase32: string): string {
  const label = encodeURIComponent(`${issuer}:${username}`);
  const q = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${label}?${q.toString()}`;
}
