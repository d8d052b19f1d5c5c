// @vitest-environment jsdom
// The forms' resolver: a contract schema plus the form's rules become one message per field, in the server's
// own vocabulary and the reader's language; a problem of a field the form does not show goes to its stand-in
// (errorAt) or to the form as a whole.
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkIbanCheckDigits } from '../../../../contract/iban.ts';
import { LoginBody, RegisterBody, UpdatePasswordBody } from '../../../../contract/user.ts';
import { pkIbanField, fields } from '../../../../contract/form-fields.ts';
import { changeLanguage, initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { contractResolver, formIssues } from '../../../../src/shared/forms/contract-resolver.ts';
import { issueMessage } from '../../../../src/shared/forms/issue-text.ts';
import { differentFrom, ibanChecked, sameAs } from '../../../../src/shared/forms/rules.ts';

beforeAll(async () => {
  await initI18n('en-US');
});
afterAll(async () => {
  await changeLanguage('en-US');
});

const opts = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const messages = (
  schema: Parameters<typeof formIssues>[0],
  values: Record<string, string>,
  rules = [sameAs('password', 'password2')],
) => Object.fromEntries([...formIssues(schema, values, rules)].map(([k, issue]) => [k, issueMessage(issue)]));

const signUp = {
  phone: '3001234567',
  code: '123456',
  password: 'Karachi#1',
  password2: 'Karachi#1',
  inviteCode: '',
  captchaId: 'abc',
  captcha: 'x7Kp',
  agree: '1',
};

describe('form issues', () => {
  it('passes a good sign-up', () => {
    expect(formIssues(RegisterBody, signUp, [sameAs('password', 'password2')]).size).toBe(0);
  });

  it('says what each field wants, as the server would', () => {
    expect(
      messages(RegisterBody, {
        ...signUp,
        phone: '',
        code: '12345',
        password: '12345',
        password2: '12345',
        inviteCode: 'AB 12',
        agree: '0',
      }),
    ).toEqual({
      phone: 'Phone number: must not be empty',
      code: 'SMS code: exactly 6 digits',
      password: 'Password: at least 6 characters',
      inviteCode: 'Referral code: invalid format',
      agree: 'Please agree to the disclaimer and the privacy policy',
    });
    expect(messages(LoginBody, { phone: '0215551234', password: 'p'.repeat(21) }, [])).toEqual({
      phone: 'Phone number: a Pakistani mobile number such as 3001234567',
      password: 'Password: at most 20 characters',
    });
  });

  it('checks the repetition: a mismatch says so, a copy of a bad password stays quiet', () => {
    expect(messages(RegisterBody, { ...signUp, password2: 'Karachi#2' })).toEqual({
      password2: 'The two passwords do not match',
    });
    expect(messages(RegisterBody, { ...signUp, password: '12345', password2: '12345' })).toEqual({
      password: 'Password: at least 6 characters',
    });
    expect(messages(RegisterBody, { ...signUp, password2: '' })).toEqual({
      password2: 'Confirm password: must not be empty',
    });
  });

  it('wants a new password unlike the current one', () => {
    const rules = [differentFrom('password', 'oldPassword'), sameAs('password', 'password2')];
    expect(
      messages(
        UpdatePasswordBody,
        { oldPassword: 'Karachi#1', password: 'Karachi#1', password2: 'Karachi#1' },
        rules,
      ),
    ).toEqual({ password: 'The new password must be different from the current one' });
  });

  it("checks an IBAN's check digits and bank beyond its shape", () => {
    const Body = fields({ iban: pkIbanField });
    const good = `PK${pkIbanCheckDigits('MEZN0000001123456702')}MEZN0000001123456702`;
    const rules = [ibanChecked('iban')];
    expect(messages(Body, { iban: good }, rules)).toEqual({});
    expect(messages(Body, { iban: 'PK00MEZN0000001123456702' }, rules)).toEqual({
      iban: 'IBAN: the check digits do not match this number, please check it',
    });
    const unknownBank = `PK${pkIbanCheckDigits('ABCD0000001123456702')}ABCD0000001123456702`;
    expect(messages(Body, { iban: unknownBank }, rules)).toEqual({
      iban: "IBAN: its bank code (characters 5 to 8) is not a Pakistani bank's",
    });
    expect(messages(Body, { iban: 'PK36' }, rules)).toEqual({
      iban: 'IBAN: PK, 2 check digits, the 4-letter bank code and 16 digits',
    });
  });

  it('speaks Urdu when the app does', async () => {
    await changeLanguage('ur-PK');
    try {
      expect(messages(LoginBody, { phone: '', password: '' }, [])).toEqual({
        phone: 'فون نمبر: خالی نہیں ہو سکتا',
        password: 'پاس ورڈ: خالی نہیں ہو سکتا',
      });
    } finally {
      await changeLanguage('en-US');
    }
  });
});

describe('contractResolver', () => {
  it('lets good values through and gives react-hook-form one error per shown field', async () => {
    const resolve = contractResolver(LoginBody);
    expect(await resolve({ phone: '3001234567', password: 'x' }, undefined, opts)).toEqual({
      values: { phone: '3001234567', password: 'x' },
      errors: {},
    });
    expect(await resolve({ phone: '12', password: '' }, undefined, opts)).toEqual({
      values: {},
      errors: {
        phone: {
          type: 'validation.pattern.pkMobile',
          message: 'Phone number: a Pakistani mobile number such as 3001234567',
        },
        password: { type: 'validation.empty', message: 'Password: must not be empty' },
      },
    });
  });

  it("shows a hidden field's problem at its stand-in, or else as the form's own error", async () => {
    const withStandIn = contractResolver(RegisterBody, { errorAt: { captchaId: 'captcha' } });
    const { errors } = await withStandIn({ ...signUp, captchaId: '' }, undefined, opts);
    expect(errors).toEqual({ captcha: { type: 'validation.empty', message: 'Captcha: must not be empty' } });
    const { captchaId: _id, ...shown } = signUp;
    const without = await contractResolver(RegisterBody)(shown, undefined, opts);
    expect(without.errors).toEqual({
      root: { form: { type: 'validation.required', message: 'Captcha: required' } },
    });
  });
});
