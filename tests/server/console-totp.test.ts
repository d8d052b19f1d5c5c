// TOTP of the console login against the published vectors: RFC 4226 appendix D (HOTP, counters 0–9) and
// RFC 6238 appendix B (SHA-1, 8 digits, the key "12345678901234567890"), plus the ±1 step window, no replay
// and base32 round trips.
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  otpauthUri,
  totpCode,
  totpStep,
} from '../../server/domain/console/totp.ts';

const KEY = Buffer.from('12345678901234567890', 'ascii');
const SECRET = base32Encode(KEY);

describe('TOTP', () => {
  it('matches RFC 4226 HOTP vectors', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expected.forEach((code, counter) => expect(hotp(KEY, counter)).toBe(code));
  });

  it('matches RFC 6238 SHA-1 vectors', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [t, code] of vectors) {
      expect(hotp(KEY, totpStep(t * 1000), 8)).toBe(code);
      expect(totpCode(SECRET, t * 1000)).toBe(code.slice(2));
    }
  });

  it('accepts one step either side, refuses older steps and replays', () => {
    const now = 1111111111_000;
    const step = totpStep(now);
    expect(matchTotp(SECRET, totpCode(SECRET, now), now, 0)).toBe(step);
    expect(matchTotp(SECRET, totpCode(SECRET, now - 30_000), now, 0)).toBe(step - 1);
    expect(matchTotp(SECRET, totpCode(SECRET, now + 30_000), now, 0)).toBe(step + 1);
    expect(matchTotp(SECRET, totpCode(SECRET, now - 60_000), now, 0)).toBeNull();
    expect(matchTotp(SECRET, totpCode(SECRET, now + 60_000), now, 0)).toBeNull();
    // replay: the step already used, or an older one
    expect(matchTotp(SECRET, totpCode(SECRET, now), now, step)).toBeNull();
    expect(matchTotp(SECRET, totpCode(SECRET, now - 30_000), now, step - 1)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 456'])
      expect(matchTotp(SECRET, bad, now, 0)).toBeNull();
  });

  it('round-trips base32 and writes an otpauth URI', () => {
    expect(SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(SECRET)?.equals(KEY)).toBe(true);
    expect(base32Decode('gezd gnbv=')?.length).toBe(5);
    expect(base32Decode('not*base32')).toBeNull();
    const uri = otpauthUri('PSX Console', 'alice', SECRET);
    expect(uri.startsWith('otpauth://totp/PSX%20Console%3Aalice?')).toBe(true);
    expect(uri).toContain(`secret=${SECRET}`);
  });
});
