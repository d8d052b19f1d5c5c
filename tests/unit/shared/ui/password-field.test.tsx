// @vitest-environment jsdom
// The shared password inputs: the show/hide toggle, left-to-right typing, the error wiring, a PIN's keypad
// attributes, and the new-password pair's names and order.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { NewPasswordFields, PasswordField } from '../../../../src/shared/ui/password-field.tsx';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(cleanup);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('PasswordField', () => {
  it('hides the value until the toggle shows it, and hides it again', () => {
    render(
      <PasswordField
        label="Password"
        value="secret1"
        onValue={() => {}}
        name="pw"
        autoComplete="current-password"
      />,
    );
    expect(input('Password').type).toBe('password');
    expect(input('Password').dir).toBe('ltr');
    expect(input('Password').autocomplete).toBe('current-password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input('Password').type).toBe('text');
    expect(input('Password').value).toBe('secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input('Password').type).toBe('password');
  });

  it('reports typing and shows its error linked to the input', () => {
    const typed: string[] = [];
    render(
      <PasswordField
        label="Password"
        value=""
        onValue={(v) => typed.push(v)}
        error="Too short"
        name="pw"
        autoComplete="new-password"
      />,
    );
    fireEvent.change(input('Password'), { target: { value: 'abc' } });
    expect(typed).toEqual(['abc']);
    expect(input('Password').getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Too short');
    expect(input('Password').getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('asks a PIN on the numeric keypad, at most `digits` long, without autofill', () => {
    render(<PasswordField label="PIN" value="" onValue={() => {}} name="pin" digits={6} />);
    expect(input('PIN').inputMode).toBe('numeric');
    expect(input('PIN').maxLength).toBe(6);
    expect(input('PIN').autocomplete).toBe('off');
    expect(input('PIN').type).toBe('password');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('NewPasswordFields', () => {
  function Form({ digits }: { digits?: number }) {
    const [values, setValues] = useState({ password: '', password2: '', other: 'kept' });
    const onValue = (k: 'password' | 'password2') => (v: string) => setValues((f) => ({ ...f, [k]: v }));
    return (
      <form>
        <NewPasswordFields
          values={values}
          errors={{ password2: 'They differ' }}
          onValue={onValue}
          labels={{ password: 'New', password2: 'Again' }}
          placeholders={{ password: '6 to 20', password2: 'Repeat' }}
          {...(digits !== undefined && { digits })}
        />
        <output>{JSON.stringify(values)}</output>
      </form>
    );
  }

  it('renders the new password then its repetition, named for the wire, each with its own toggle', () => {
    render(<Form />);
    const inputs = [...document.querySelectorAll('input')];
    expect(inputs.map((i) => i.name)).toEqual(['password', 'password2']);
    expect(inputs.map((i) => i.placeholder)).toEqual(['6 to 20', 'Repeat']);
    expect(inputs.every((i) => i.autocomplete === 'new-password' && i.type === 'password')).toBe(true);
    fireEvent.change(input('New'), { target: { value: 'abcdef' } });
    fireEvent.change(input('Again'), { target: { value: 'abcdeg' } });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      password: 'abcdef',
      password2: 'abcdeg',
      other: 'kept',
    });
    expect(screen.getByRole('alert').textContent).toBe('They differ');
    expect(input('Again').getAttribute('aria-invalid')).toBe('true');
    expect(input('New').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect([input('New').type, input('Again').type]).toEqual(['text', 'password']);
  });

  it('passes a PIN length to both fields', () => {
    render(<Form digits={6} />);
    for (const i of document.querySelectorAll('input')) {
      expect(i.maxLength).toBe(6);
      expect(i.inputMode).toBe('numeric');
      expect(i.autocomplete).toBe('off');
    }
  });
});
