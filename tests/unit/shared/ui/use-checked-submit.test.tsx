// @vitest-environment jsdom
// The shared form submit: translated field errors stop the send; a clean form sends once, busy meanwhile;
// a send that throws ends in the network-error toast and frees the button.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { appStore } from '../../../../src/shared/state/jotai.ts';
import { toastAtom } from '../../../../src/shared/ui/toast.tsx';
import { useCheckedSubmit } from '../../../../src/shared/ui/use-checked-submit.ts';

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => appStore.set(toastAtom, null));
afterEach(cleanup);

function Form({ send }: { send: (phone: string) => Promise<void> }) {
  const [phone, setPhone] = useState('');
  const { errors, busy, onSubmit } = useCheckedSubmit<'phone' | 'password'>(
    () => ({ phone: phone ? null : 'account:errors.phoneRequired', password: null }),
    () => send(phone),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <input aria-label="phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
      <p data-testid="errors">{JSON.stringify(errors)}</p>
      <button type="submit" disabled={busy}>
        go
      </button>
    </form>
  );
}

describe('useCheckedSubmit', () => {
  it('shows the translated messages and does not send while a field is in trouble', () => {
    const sent: string[] = [];
    render(<Form send={async (p) => void sent.push(p)} />);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(JSON.parse(screen.getByTestId('errors').textContent ?? '')).toEqual({
      phone: 'Enter your mobile number',
    });
    expect(sent).toEqual([]);
  });

  it('clears the messages, sends once and is busy until the answer', async () => {
    let finish = () => {};
    const sent: string[] = [];
    render(
      <Form
        send={(p) => {
          sent.push(p);
          return new Promise<void>((r) => (finish = r));
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    fireEvent.change(screen.getByLabelText('phone'), { target: { value: '3001234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByTestId('errors').textContent).toBe('{}');
    expect(sent).toEqual(['3001234567']);
    expect((screen.getByRole('button', { name: 'go' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'go' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(appStore.get(toastAtom)).toBeNull();
  });

  it('turns a send that throws into the network-error toast and frees the button', async () => {
    render(<Form send={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    fireEvent.change(screen.getByLabelText('phone'), { target: { value: '3001234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() =>
      expect(appStore.get(toastAtom)).toMatchObject({
        msg: 'Network error, please try again',
        icon: 'error',
      }),
    );
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'go' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
