// KYC labels (spec §3). (The account forms' checks are the contract's: tests/unit/shared/forms/ and
// tests/unit/features/account/account-forms.test.tsx.)
import { describe, expect, it } from 'vitest';
import { kycCanResubmit, kycLabelKey } from '../../../src/features/account/kyc.ts';
import en from '../../../locales/en-US/account.json';

describe('KYC label', () => {
  it('maps idStatus to the spec labels', () => {
    const label = (s: unknown) => {
      const key = kycLabelKey(s).replace('account:kyc.', '') as keyof typeof en.kyc;
      return en.kyc[key];
    };
    expect(label('none')).toBe('Unverified');
    expect(label('pending')).toBe('Under review');
    expect(label('succ')).toBe('Verified');
    expect(label('fail')).toBe('Validation failed');
  });
  it('treats unknown values as unverified and offers resubmit only after a failure', () => {
    expect(kycLabelKey(undefined)).toBe('account:kyc.none');
    expect(kycLabelKey('SUCC')).toBe('account:kyc.none');
    expect(kycCanResubmit('fail')).toBe(true);
    expect(kycCanResubmit('pending')).toBe(false);
  });
});
