// @vitest-environment jsdom
// The shared form fields, each inside a real form: what they keep of what is typed or pasted, how they are
// laid out for Urdu (left-to-right values), their keyboards, the show/hide toggle, the repetition that checks
// itself again, and the amount, IBAN and CNIC rules — exact strings, never floats.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useForm, type Control, type FieldValues } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cnicField,
  decimalString,
  fields,
  oneOf,
  passwordField,
  phoneField,
  pkIbanField,
} from '../../../../contract/form-fields.ts';
import { TradePasswordSetBody } from '../../../../contract/user.ts';
import { contractResolver } from '../../../../src/shared/forms/contract-resolver.ts';
import { AmountField } from '../../../../src/shared/forms/fields/amount-field.tsx';
import {
  amountMinor,
  cleanAmountInput,
  truncateAmount,
} from '../../../../src/shared/forms/fields/amount-input.ts';
import { CheckField } from '../../../../src/shared/forms/fields/check-field.tsx';
import { CnicField } from '../../../../src/shared/forms/fields/cnic-field.tsx';
import { IbanField } from '../../../../src/shared/forms/fields/iban-field.tsx';
import {
  ConfirmPasswordField,
  PasswordField,
  PinField,
} from '../../../../src/shared/forms/fields/password-field.tsx';
import { PhoneField } from '../../../../src/shared/forms/fields/phone-field.tsx';
import { ibanChecked, sameAs, type FormRule } from '../../../../src/shared/forms/rules.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import type { TObject } from 'typebox';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(cleanup);

let values: FieldValues = {};

/** A form over `schema` holding `defaults`; `fields` renders the fields under test with its control. */
function renderForm<T extends FieldValues>(
  schema: TObject,
  defaults: T,
  view: (control: Control<T>) => ReactNode,
  rules: FormRule[] = [],
) {
  function Form() {
    const form = useForm<T>({
      defaultValues: defaults as never,
      resolver: contractResolver<T>(schema, { rules }),
    });
    return (
      <form noValidate onSubmit={(e) => void form.handleSubmit((v) => void (values = v))(e)}>
        {view(form.control)}
        <button type="submit">Send</button>
      </form>
    );
  }
  values = {};
  render(<Form />);
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const errorOf = (label: string) => {
  const ids = input(label).getAttribute('aria-describedby');
  return ids ? document.getElementById(ids.split(' ')[0]!)?.textContent : undefined;
};
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('PhoneField', () => {
  it('keeps +92 and the number left-to-right in Urdu, on the numeric keypad', () => {
    renderForm(fields({ phone: phoneField }), { phone: '' }, (c) => (
      <PhoneField control={c} name="phone" areaCode="+92" label="Mobile" placeholder="3XX XXXXXXX" />
    ));
    const el = input('Mobile');
    expect(el.type).toBe('tel');
    expect(el.inputMode).toBe('numeric');
    expect(el.autocomplete).toBe('tel-national');
    const box = el.parentElement!;
    expect(box.getAttribute('dir')).toBe('ltr');
    expect(box.firstElementChild?.textContent).toBe('+92');
    expect(box.firstElementChild?.getAttribute('dir')).toBe('ltr');
  });

  it('keeps digits, and reads a pasted international or dashed number as the national one', () => {
    renderForm(fields({ phone: phoneField }), { phone: '' }, (c) => (
      <PhoneField control={c} name="phone" areaCode="+92" label="Mobile" />
    ));
    type('Mobile', '+92 300 1234567');
    expect(input('Mobile').value).toBe('3001234567');
    type('Mobile', '0300-1234567');
    expect(input('Mobile').value).toBe('3001234567');
    type('Mobile', 'a03b00');
    expect(input('Mobile').value).toBe('0300');
    type('Mobile', '123456789012345');
    expect(input('Mobile').value).toBe('12345678901');
  });
});

describe('PasswordField, PinField and ConfirmPasswordField', () => {
  it('shows and hides the password, typed left-to-right, with the right autofill', () => {
    renderForm(fields({ password: passwordField }), { password: '' }, (c) => (
      <PasswordField control={c} name="password" autoComplete="new-password" label="Password" />
    ));
    const el = input('Password');
    expect(el.type).toBe('password');
    expect(el.dir).toBe('ltr');
    expect(el.autocomplete).toBe('new-password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(el.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('takes a PIN as at most six digits on the numeric keypad, never autofilled', async () => {
    renderForm(
      TradePasswordSetBody,
      { password: '', password2: '' },
      (c) => (
        <>
          <PinField control={c} name="password" confirmedBy="password2" label="PIN" />
          <ConfirmPasswordField control={c} name="password2" pin label="Repeat PIN" />
        </>
      ),
      [sameAs('password', 'password2')],
    );
    const pin = input('PIN');
    expect(pin.inputMode).toBe('numeric');
    expect(pin.maxLength).toBe(6);
    expect(pin.autocomplete).toBe('off');
    expect(input('Repeat PIN').inputMode).toBe('numeric');
    type('PIN', '12a3b4567');
    expect(pin.value).toBe('123456');
    type('PIN', '12345');
    type('Repeat PIN', '12345');
    send();
    await waitFor(() => expect(errorOf('PIN')).toBe('Password: exactly 6 digits'));
    // The repetition of a bad PIN stays quiet: the problem is shown once.
    expect(errorOf('Repeat PIN')).toBeUndefined();
  });

  it('checks the repetition again when the password it repeats changes', async () => {
    renderForm(
      TradePasswordSetBody,
      { password: '', password2: '' },
      (c) => (
        <>
          <PinField control={c} name="password" confirmedBy="password2" label="PIN" />
          <ConfirmPasswordField control={c} name="password2" pin label="Repeat PIN" />
        </>
      ),
      [sameAs('password', 'password2')],
    );
    type('PIN', '123456');
    type('Repeat PIN', '123465');
    send();
    await waitFor(() => expect(errorOf('Repeat PIN')).toBe('The two passwords do not match'));
    type('PIN', '123465');
    await waitFor(() => expect(errorOf('Repeat PIN')).toBeUndefined());
    send();
    await waitFor(() => expect(values).toEqual({ password: '123465', password2: '123465' }));
  });
});

describe('AmountField', () => {
  const Amount = fields({ amount: decimalString({ maxScale: 2 }) });

  it('refuses a keystroke that would not be an amount of the asset, and reads Urdu digits', () => {
    renderForm(Amount, { amount: '' }, (c) => (
      <AmountField control={c} name="amount" label="Amount" decimals={2} unit="PKR" />
    ));
    const el = input('Amount');
    expect(el.inputMode).toBe('decimal');
    expect(el.parentElement?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('PKR')).toBeTruthy();
    type('Amount', '12.34');
    type('Amount', '12.345');
    expect(el.value).toBe('12.34');
    type('Amount', '-5');
    expect(el.value).toBe('12.34');
    type('Amount', '۱۲٫۵');
    expect(el.value).toBe('12.5');
    type('Amount', '007');
    expect(el.value).toBe('7');
    type('Amount', '.5');
    expect(el.value).toBe('0.5');
  });

  it('fills in the maximum cut (not rounded) to the decimals, and sends an exact string', async () => {
    renderForm(Amount, { amount: '' }, (c) => (
      <AmountField control={c} name="amount" label="Amount" decimals={2} max="1234.5678" />
    ));
    const max = screen.getByRole('button', { name: 'Max' });
    fireEvent.click(max);
    expect(input('Amount').value).toBe('1234.56');
    send();
    await waitFor(() => expect(values).toEqual({ amount: '1234.56' }));
    expect(amountMinor(String(values['amount']), 2)).toBe(123456n);
  });

  it('has pure rules: whole units, decimals, minor units without floats', () => {
    expect(cleanAmountInput('12.', 0)).toBeNull();
    expect(cleanAmountInput('100', 0)).toBe('100');
    expect(cleanAmountInput('0.00000001', 8)).toBe('0.00000001');
    expect(cleanAmountInput('1,000', 2)).toBeNull();
    expect(cleanAmountInput('', 2)).toBe('');
    expect(amountMinor('0.1', 2)! + amountMinor('0.2', 2)!).toBe(30n);
    expect(amountMinor('9007199254740993.01', 2)).toBe(900719925474099301n);
    expect(amountMinor('1.005', 2)).toBeNull();
    expect(truncateAmount('1e3', 2)).toBe('1000.00');
    expect(truncateAmount('-1', 2)).toBeNull();
  });
});

describe('IbanField', () => {
  const Iban = fields({ iban: pkIbanField });

  it('shows the IBAN in groups of four, holds it compact, and names the bank', async () => {
    renderForm(Iban, { iban: '' }, (c) => <IbanField control={c} name="iban" label="IBAN" />, [
      ibanChecked('iban'),
    ]);
    type('IBAN', 'pk36 scbl-0000 0011 2345 6702');
    expect(input('IBAN').value).toBe('PK36 SCBL 0000 0011 2345 6702');
    expect(input('IBAN').parentElement?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('Standard Chartered')).toBeTruthy();
    send();
    await waitFor(() => expect(values).toEqual({ iban: 'PK36SCBL0000001123456702' }));
  });

  it('refuses wrong check digits with the shared message', async () => {
    renderForm(Iban, { iban: '' }, (c) => <IbanField control={c} name="iban" label="IBAN" />, [
      ibanChecked('iban'),
    ]);
    type('IBAN', 'PK37SCBL0000001123456702');
    send();
    await waitFor(() =>
      expect(errorOf('IBAN')).toBe('IBAN: the check digits do not match this number, please check it'),
    );
  });
});

describe('CnicField', () => {
  it('adds the dashes as the digits come, on the numeric keypad', async () => {
    renderForm(fields({ cnic: cnicField }), { cnic: '' }, (c) => (
      <CnicField control={c} name="cnic" label="CNIC" />
    ));
    const el = input('CNIC');
    expect(el.inputMode).toBe('numeric');
    type('CNIC', '421012');
    expect(el.value).toBe('42101-2');
    type('CNIC', '4210123456781');
    expect(el.value).toBe('42101-2345678-1');
    send();
    await waitFor(() => expect(values).toEqual({ cnic: '42101-2345678-1' }));
    type('CNIC', '42101');
    send();
    await waitFor(() => expect(errorOf('CNIC')).toBe('CNIC: 13 digits written XXXXX-XXXXXXX-X'));
  });
});

describe('CheckField', () => {
  it("is '1' when ticked and otherwise refused with the field's own sentence", async () => {
    renderForm(fields({ agree: oneOf(['1'], 1, 1) }), { agree: '0' }, (c) => (
      <CheckField control={c} name="agree">
        I agree
      </CheckField>
    ));
    send();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Please agree to the disclaimer and the privacy policy',
      ),
    );
    fireEvent.click(screen.getByLabelText('I agree'));
    send();
    await waitFor(() => expect(values).toEqual({ agree: '1' }));
  });
});
