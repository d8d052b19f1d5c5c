// @vitest-environment jsdom
// The KYC screen with the API mocked at the fetch level (MSW): loading then the form (status none), Under
// Review with the masked number, Validation Failed with the reason and Resubmit opening the form, the error
// state with retry, missing photos refused at their pickers before any call, and a submission sent as
// multipart (the fields and both photos) that lands on Under Review.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import KycPage from '../../../../src/features/kyc/kyc-page.tsx';
import { resetApiHandlers, setApiHandlers } from '../../../../src/shared/api/api-handlers.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { routeTo } from '../../../../src/shared/routing/paths.ts';
import { syncSessionFromStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { api, http, HttpResponse, ok, server, useMswServer } from '../../support/msw.ts';
import { renderRoutes } from '../../support/render-app.tsx';

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  storage.clearSession();
  storage.set('userToken', 'tok-r');
  storage.set('userInfo', {
    id: 7,
    account: 'Ayesha',
    status: 1,
    idStatus: 'none',
    areaCode: '+92',
    phone: '+923001234567',
    accountType: 'real',
    inviteCode: 'ABC123',
    openAutoApply: 0,
    hasTradePassword: false,
    hasWithdrawPassword: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  syncSessionFromStorage();
  setApiHandlers({});
  // jsdom has no object URLs (the previews)
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  resetApiHandlers();
});

const submission = {
  certType: 'cnic',
  certNumber: '*****-****567-1',
  fullName: 'Ayesha Khan',
  birthDate: '1990-05-17',
  submittedAt: Date.UTC(2026, 10, 1),
  reason: '',
};
const open = () => renderRoutes([{ path: routeTo('user.kyc'), element: <KycPage /> }], routeTo('user.kyc'));
const stateIs = (data: Parameters<typeof ok>[0]) => server.use(http.get(api('user/auth'), () => ok(data)));
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('KycPage', () => {
  it('shows a skeleton, then the form when the user has not submitted', async () => {
    stateIs({ status: 'none', submission: null });
    open();
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    expect(await screen.findByTestId('kyc-form')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'ID card (CNIC)' })).toBeTruthy();
    expect(input('Front of the document').getAttribute('accept')).toBe('image/*');
  });

  it('shows Under Review with the masked number and no form', async () => {
    stateIs({ status: 'pending', submission });
    open();
    const status = await screen.findByTestId('kyc-status');
    expect(status.textContent).toContain('Under review');
    expect(screen.getByText('*****-****567-1')).toBeTruthy();
    expect(screen.queryByTestId('kyc-form')).toBeNull();
  });

  it('shows Validation Failed with the reason, and Resubmit opens the form', async () => {
    stateIs({ status: 'fail', submission: { ...submission, reason: 'The photo is blurred' } });
    open();
    const status = await screen.findByTestId('kyc-status');
    expect(status.textContent).toContain('Validation failed');
    expect(status.textContent).toContain('Identity information verification failed, please fill in again');
    expect(screen.getByTestId('kyc-reason').textContent).toContain('The photo is blurred');
    fireEvent.click(screen.getByTestId('kyc-resubmit'));
    expect(await screen.findByTestId('kyc-form')).toBeTruthy();
  });

  it('shows the error with a retry that loads the state', async () => {
    let fail = true;
    server.use(
      http.get(api('user/auth'), () =>
        fail ? HttpResponse.error() : ok({ status: 'succ', submission: { ...submission } }),
      ),
    );
    open();
    const retry = await screen.findByTestId('error-retry');
    fail = false;
    fireEvent.click(within(retry).getByRole('button'));
    expect((await screen.findByTestId('kyc-status')).textContent).toContain('Verified');
  });

  it('refuses a submission without photos at the pickers, sending nothing', async () => {
    stateIs({ status: 'none', submission: null });
    let posted = 0;
    server.use(http.post(api('user/auth'), () => ((posted += 1), ok(null))));
    open();
    await screen.findByTestId('kyc-form');
    fireEvent.click(screen.getByTestId('kyc-submit'));
    const front = await within(screen.getByTestId('kyc-photo-front')).findByRole('alert');
    expect(front.textContent).toBe('Please add a photo of this side of the document');
    expect(posted).toBe(0);
  });

  it('sends the fields and both photos as multipart and shows Under Review', async () => {
    stateIs({ status: 'none', submission: null });
    let sent: FormData | undefined;
    server.use(
      http.post(api('user/auth'), async ({ request }) => {
        sent = await request.formData();
        return ok({ status: 'pending', submission: { ...submission, submittedAt: Date.now() } });
      }),
      http.get(api('user/info'), () => ok(storage.get('userInfo'))),
    );
    open();
    await screen.findByTestId('kyc-form');
    fireEvent.change(input('CNIC number'), { target: { value: '3520212345671' } });
    fireEvent.change(input('Full name'), { target: { value: 'Ayesha Khan' } });
    fireEvent.change(input('Date of birth'), { target: { value: '1990-05-17' } });
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'f.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(input('Front of the document'), { target: { files: [jpeg] } });
    fireEvent.change(input('Back of the document'), { target: { files: [jpeg] } });
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect((await screen.findByTestId('kyc-status')).textContent).toContain('Under review');
    expect(sent?.get('certType')).toBe('cnic');
    expect(sent?.get('certNumber')).toBe('35202-1234567-1');
    expect(sent?.get('fullName')).toBe('Ayesha Khan');
    expect(sent?.get('agree')).toBe('1');
    for (const side of ['front', 'back']) {
      const file = sent?.get(side) as Blob | null | undefined;
      expect(typeof file).toBe('object');
      expect(file?.size).toBeGreaterThan(0);
      expect(file?.type).toBe('image/jpeg');
    }
  });
});
