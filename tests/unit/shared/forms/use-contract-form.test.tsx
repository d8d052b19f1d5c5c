// @vitest-environment jsdom
// useContractForm over the login schema with the network mocked at the fetch level (MSW): the schema's checks
// before any request, a -1001 that names a field shown at that field (no toast), any other -1001 as the form's
// error with the spec's 1 s toast, -1000 to the global session handler, a lost answer as the form's error,
// the submit button disabled while the call runs, and one request however often the form is submitted.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginBody } from '../../../../contract/user.ts';
import { resetApiHandlers, setApiHandlers } from '../../../../src/shared/api/api-handlers.ts';
import { postData } from '../../../../src/shared/api/data-client.ts';
import { PasswordField } from '../../../../src/shared/forms/fields/password-field.tsx';
import { PhoneField } from '../../../../src/shared/forms/fields/phone-field.tsx';
import { FormView } from '../../../../src/shared/forms/form-parts.tsx';
import { useContractForm } from '../../../../src/shared/forms/use-contract-form.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { appStore } from '../../../../src/shared/state/jotai.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { toastAtom } from '../../../../src/shared/ui/toast.tsx';
import {
  api,
  http,
  HttpResponse,
  ok,
  refused,
  seen,
  server,
  sessionInvalid,
  useMswServer,
} from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

useMswServer();
const toast = vi.fn();
const onSessionInvalid = vi.fn();
const done = vi.fn();

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  toast.mockReset();
  onSessionInvalid.mockReset();
  done.mockReset();
  appStore.set(toastAtom, null);
  setApiHandlers({ toast, onSessionInvalid });
});
afterEach(() => {
  cleanup();
  resetApiHandlers();
});

function LoginForm() {
  const { form, state } = useContractForm({
    schema: LoginBody,
    defaultValues: { phone: '', password: '' },
    submit: async (values) => {
      done(await postData('user/login', values));
    },
  });
  return (
    <FormView {...state} submitLabel="Log in">
      <PhoneField control={form.control} name="phone" areaCode="+92" label="Mobile" />
      <PasswordField
        control={form.control}
        name="password"
        autoComplete="current-password"
        label="Password"
      />
    </FormView>
  );
}

const submit = () => screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
const fieldError = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby');
  return ids ? document.getElementById(ids)?.textContent : undefined;
};
const logins = () => seen.filter((r) => r.path === 'user/login');

function fill(phone: string, password: string) {
  fireEvent.change(screen.getByLabelText('Mobile'), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('useContractForm', () => {
  it("checks the contract's rules before any request and focuses the first field in trouble", async () => {
    renderScreen('/', <LoginForm />);
    fill('12', '');
    fireEvent.click(submit());
    await waitFor(() =>
      expect(fieldError('Mobile')).toBe('Phone number: a Pakistani mobile number such as 3001234567'),
    );
    expect(fieldError('Password')).toBe('Password: must not be empty');
    expect(screen.getByLabelText('Mobile').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Mobile'));
    expect(logins()).toHaveLength(0);
    // After a submit the fields check again as they change.
    fireEvent.change(screen.getByLabelText('Mobile'), { target: { value: '0300-1234567' } });
    await waitFor(() => expect(fieldError('Mobile')).toBeUndefined());
    expect((screen.getByLabelText('Mobile') as HTMLInputElement).value).toBe('3001234567');
  });

  it('sends the checked values once, with the button disabled meanwhile, however often it is submitted', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.post(api('user/login'), async () => {
        await new Promise<void>((r) => (release = r));
        return ok({ token: 't' });
      }),
    );
    renderScreen('/', <LoginForm />);
    fill('3001234567', 'Karachi#1');
    const form = document.querySelector('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(submit().disabled).toBe(true));
    fireEvent.submit(form);
    fireEvent.click(submit());
    await waitFor(() => expect(logins()).toHaveLength(1));
    act(() => release());
    await waitFor(() => expect(done).toHaveBeenCalledWith({ token: 't' }));
    expect(submit().disabled).toBe(false);
    expect(logins()).toHaveLength(1);
  });

  it('shows a -1001 that names a field at that field, without a toast', async () => {
    server.use(
      http.post(api('user/login'), () =>
        HttpResponse.json({ code: -1001, msg: 'Wrong for this field', data: null, field: 'password' }),
      ),
    );
    renderScreen('/', <LoginForm />);
    fill('3001234567', 'Karachi#1');
    fireEvent.click(submit());
    await waitFor(() => expect(fieldError('Password')).toBe('Wrong for this field'));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
  });

  it("shows any other -1001 as the form's error, with the spec's 1 s toast", async () => {
    server.use(http.post(api('user/login'), () => refused('Wrong phone number or password')));
    renderScreen('/', <LoginForm />);
    fill('3001234567', 'Karachi#1');
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe('Wrong phone number or password'),
    );
    expect(screen.getByTestId('form-error').getAttribute('role')).toBe('alert');
    expect(toast).toHaveBeenCalledExactlyOnceWith('Wrong phone number or password', {
      durationMs: 1000,
      icon: 'none',
    });
    expect(fieldError('Password')).toBeUndefined();
  });

  it("takes a -1001 about a field the form does not show as the form's error", async () => {
    server.use(
      http.post(api('user/login'), () =>
        HttpResponse.json({ code: -1001, msg: 'Area code: invalid value', data: null, field: 'areaCode' }),
      ),
    );
    renderScreen('/', <LoginForm />);
    fill('3001234567', 'Karachi#1');
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe('Area code: invalid value'),
    );
  });

  it('hands -1000 to the global session handler and shows no error of its own', async () => {
    storage.saveLogin({
      token: 'tok',
      tokenReal: 'tok',
      tokenDemo: 'd',
      accountType: 'real',
      user: { id: 1 } as never,
    });
    server.use(http.post(api('user/login'), sessionInvalid));
    renderScreen('/', <LoginForm />);
    fill('3001234567', 'Karachi#1');
    fireEvent.click(submit());
    await waitFor(() => expect(onSessionInvalid).toHaveBeenCalledOnce());
    expect(storage.get('userToken')).toBe('');
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it("says a lost answer is a network error, as the form's error and a toast", async () => {
    server.use(http.post(api('user/login'), () => HttpResponse.error()));
    renderScreen('/', <LoginForm />);
    fill('3001234567', 'Karachi#1');
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe('Network error, please try again'),
    );
    expect(appStore.get(toastAtom)?.msg).toBe('Network error, please try again');
    // A new submit clears the form's error first.
    server.use(http.post(api('user/login'), () => ok({ token: 't' })));
    fireEvent.click(submit());
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(screen.queryByTestId('form-error')).toBeNull();
  });
});
