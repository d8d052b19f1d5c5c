// @vitest-environment jsdom
// The deposit records screen with the API answered at the fetch level: records with their status and
// reference, the channel filter sent to the server, and the empty state.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Deposit } from '../../../../workers/protocol/deposits.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { api, http, ok, seen, server, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: RechargeRecordPage } =
  await import('../../../../src/features/recharge/recharge-record-page.tsx');

const dep = (id: number, channel: Deposit['channel'], status: Deposit['status']): Deposit => ({
  id,
  channel,
  asset: 'PKR',
  amount: '1500.50',
  reference: `D0000000${id}`,
  status,
  payer: '',
  confirmations: 0,
  bankReference: status === 'credited' ? 'MEZN-1' : '',
  reason: status === 'rejected' ? 'No matching transfer' : '',
  createdAt: 1_763_700_000_000,
  updatedAt: 1_763_700_000_000,
});

useMswServer();
let unbind: () => void = () => undefined;
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  storage.saveLogin({
    token: 'tok-real',
    tokenReal: 'tok-real',
    tokenDemo: 'tok-demo',
    accountType: 'real',
    user: { id: 1 } as never,
  });
  unbind = bindSessionToStorage();
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  unbind();
});

describe('RechargeRecordPage', () => {
  it('shows each record with its status and reference, and filters by channel on the server', async () => {
    server.use(
      http.get(api('user/recharge/order'), ({ request }) => {
        const channel = new URL(request.url).searchParams.get('channel');
        const list = channel === 'offline' ? [] : [dep(2, 'bank', 'pending'), dep(1, 'wallet', 'credited')];
        return ok({ list, total: list.length, page: 1, size: 20 });
      }),
    );
    renderScreen('/pages/recharge/bankRecord', <RechargeRecordPage />);
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(2));
    const statuses = screen.getAllByTestId('deposit-status').map((e) => e.textContent);
    expect(statuses).toEqual(['Pending', 'Credited']);
    expect(screen.getByText('D00000002')).toBeTruthy();
    fireEvent.click(screen.getByTestId('deposit-filter-offline'));
    await waitFor(() => expect(screen.getByTestId('deposit-empty')).toBeTruthy());
    expect(
      seen.some((c) => c.path.endsWith('user/recharge/order') && c.query.get('channel') === 'offline'),
    ).toBe(true);
  });
});
