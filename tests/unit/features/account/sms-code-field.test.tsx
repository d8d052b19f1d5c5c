// @vitest-environment jsdom
// The SMS-code field's "Send code" button: a bad phone goes back to the form unsent; a send posts
// common/code/send and counts down the server's resendInSec before the button works again.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SmsCodeField } from '../../../../src/features/account/sms-code-field.tsx';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderField(phone: string) {
  const onPhoneProblem = vi.fn();
  render(
    <SmsCodeField
      type="register"
      areaCode="+92"
      phone={phone}
      value=""
      onValue={() => {}}
      onPhoneProblem={onPhoneProblem}
    />,
  );
  return { onPhoneProblem, button: () => screen.getByTestId('sms-send') as HTMLButtonElement };
}

describe('SmsCodeField', () => {
  it('sends nothing for a bad phone and tells the form why', () => {
    const { onPhoneProblem, button } = renderField('12345');
    fireEvent.click(button());
    expect(onPhoneProblem).toHaveBeenCalledWith('account:errors.phoneFormat');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(button().disabled).toBe(false);
  });

  it('posts the code request, then counts down resendInSec with the button disabled', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 0, msg: '', data: { expiresInSec: 300, resendInSec: 3 } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { onPhoneProblem, button } = renderField('0300 1234567');
    expect(button().textContent).toBe('Send code');
    await act(async () => {
      fireEvent.click(button());
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(onPhoneProblem).toHaveBeenCalledWith(null);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toMatch(/\/common\/code\/send$/);
    expect(String(init?.body)).toBe('areaCode=%2B92&phone=3001234567&type=register');
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Again in 3 s');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(button().textContent).toBe('Again in 2 s');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(button().textContent).toBe('Send code');
    expect(button().disabled).toBe(false);
  });
});
