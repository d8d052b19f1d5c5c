// KYC labels (spec §3) and the account form checks (spec §5).
import { describe, expect, it } from 'vitest';
import { kycCanResubmit, kycLabelKey } from '../../../src/features/account/kyc.ts';
import {
  confirmError,
  inviteCodeError,
  normalizePkMobile,
  passwordError,
  phoneError,
} from '../../../src/features/account/validation.ts';
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

describe('account form checks', () => {
  it('accepts Pakistani mobile numbers in the usual spellings', () => {
    for (const p of [
      '3001234567',
      '03001234567',
      '+923001234567',
      '923001234567',
      '0300-1234567',
      '300 1234567',
    ])
      expect(normalizePkMobile(p), p).toBe('3001234567');
    for (const p of ['300123456', '4001234567', '+913001234567', '030012345678', 'abc'])
      expect(normalizePkMobile(p), p).toBeNull();
    expect(phoneError('')).toBe('account:errors.phoneRequired');
    expect(phoneError('12')).toBe('account:errors.phoneFormat');
  });
  it('wants a 6 to 20 character password typed twice alike', () => {
    expect(passwordError('12345')).toBe('account:errors.passwordLength');
    expect(passwordError('123456')).toBeNull();
    expect(passwordError('a'.repeat(20))).toBeNull();
    expect(passwordError('a'.repeat(21))).toBe('account:errors.passwordLength');
    expect(confirmError('abcdef', 'abcdeg')).toBe('account:errors.passwordMismatch');
    expect(confirmError('abcdef', 'abcdef')).toBeNull();
  });
  it('keeps the invitation code optional', () => {
    expect(inviteCodeError('')).toBeNull();
    expect(inviteCodeError('AB12cd')).toBeNull();
    expect(inviteCodeError('AB 12')).toBe('account:errors.inviteFormat');
  });
});
