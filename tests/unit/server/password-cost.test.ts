// The scrypt cost: production's 2^17 whatever the environment says, a cheaper one only inside the test suite.
import { afterEach, describe, expect, it } from 'vitest';
import {
  hashCostFor,
  hashPassword,
  setHashCost,
  verifyPassword,
} from '../../../server/domain/auth/password-hash.ts';

afterEach(() => setHashCost(17));

describe('password hash cost', () => {
  it('is 2^17 outside the test suite, even when the test knob is set', () => {
    expect(hashCostFor({ SCRYPT_LOG2N_FOR_TESTS: '10' })).toBe(17);
    expect(hashCostFor({ NODE_ENV: 'production', SCRYPT_LOG2N_FOR_TESTS: '10' })).toBe(17);
  });

  it('takes the knob in the test suite only between 2^10 and 2^16', () => {
    expect(hashCostFor({ NODE_ENV: 'test', SCRYPT_LOG2N_FOR_TESTS: '12' })).toBe(12);
    for (const bad of ['9', '18', '17', '12.5', 'x', ''])
      expect(hashCostFor({ NODE_ENV: 'test', SCRYPT_LOG2N_FOR_TESTS: bad })).toBe(17);
    expect(hashCostFor({ NODE_ENV: 'test' })).toBe(17);
  });

  it('writes a production hash at 2^17 that verifies, and a cheap one verifies too', async () => {
    setHashCost(hashCostFor({ NODE_ENV: 'production', SCRYPT_LOG2N_FOR_TESTS: '10' }));
    const strong = await hashPassword('Kar4chi-sea');
    expect(strong).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword('Kar4chi-sea', strong)).toBe(true);
    setHashCost(hashCostFor({ NODE_ENV: 'test', SCRYPT_LOG2N_FOR_TESTS: '11' }));
    const cheap = await hashPassword('Kar4chi-sea');
    expect(cheap).toMatch(/^scrypt\$11\$8\$1\$/);
    expect(await verifyPassword('Kar4chi-sea', cheap)).toBe(true);
    expect(await verifyPassword('kar4chi-sea', cheap)).toBe(false);
  });
});
