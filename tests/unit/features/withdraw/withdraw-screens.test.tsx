// @vitest-environment jsdom
// The withdraw screens with the API answered by MSW: the bank form (destinations, Max, fee and "You receive"
// by the server's rule, the PIN sheet, the result), the gates (no binding → add a bank account; no withdrawal
// password → the security centre; the demo account), a refusal at its field, and the records (paged list,
// status chips, detail with reason).
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Binding, WithdrawAddress } from '../../../../contract/bank.ts';
import type { PropsResult } from '../../../../contract/settings.ts';
import type { Withdrawal, WithdrawConfig } from '../../../../contract/withdraw.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { PUBLIC_SETTINGS } from '../../support/public-settings.ts';
import { answerAll, calls, ok, refused, useMswServer, type ApiCall } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: BankWithdrawPage } =
  await import('../../../../src/features/withdraw/bank-withdraw-page.tsx');
const { default: CryptoWithdrawPage } =
  await import('../../../../src/features/withdraw/crypto-withdraw-page.tsx');
const { default: WithdrawRecordPage } =
  await import('../../../../src/features/withdraw/withdraw-record-page.tsx');
const { default: RecordDetailPage } =
  await import('../../../../src/features/withdraw/record-detail-page.tsx');

// What the server answers: the user's own part (user/withdraw/config), the public settings (common/props) and
// the destinations (bank/list per type, coin/withdraw/address).
const CONFIG: WithdrawConfig = {
  open: true,
  usedToday: '0.00',
  available: '100050.00',
  hasPassword: true,
  crypto: { open: true, usedToday: '0.000000', available: '0.000000' },
};
const PROPS: PropsResult = {
  values: PUBLIC_SETTINGS,
  templates: [],
};
const BANK: Binding = {
  id: 7,
  kind: 'bank',
  provider: 'HABB',
  providerName: 'Habib Bank',
  number: 'PK36HABB0000001123456702',
  display: 'PK36 HABB 0000 0011 2345 6702',
  title: 'Ali Khan',
  createdAt: 1_763_700_000_000,
};

/** Answers the reads of the withdraw forms; `more` answers anything else (the submit). */
function serve(
  over: { config?: WithdrawConfig; banks?: Binding[]; addresses?: WithdrawAddress[] } = {},
  more: (c: ApiCall) => Response | undefined = () => undefined,
) {
  answerAll((c) => {
    if (c.path === 'user/withdraw/config') return ok(over.config ?? CONFIG);
    if (c.path === 'common/props') return ok(PROPS);
    if (c.path === 'bank/list') return ok(c.query.get('type') === 'bank' ? (over.banks ?? [BANK]) : []);
    if (c.path === 'coin/withdraw/address') return ok(over.addresses ?? []);
    return more(c);
  });
}
const W: Withdrawal = {
  id: 41,
  clientId: 'c',
  channel: 'bank',
  asset: 'PKR',
  amount: '80000.00',
  fee: '80.00',
  networkFee: '0.00',
  total: '80080.00',
  provider: 'HABB',
  number: 'PK36HABB0000001123456702',
  title: 'Ali Khan',
  chain: '',
  address: '',
  status: 'pending',
  reference: '',
  reason: '',
  createdAt: 1_763_700_000_000,
  updatedAt: 1_763_700_000_000,
};

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
  unbind();
  cleanup();
  calls.length = 0;
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('BankWithdrawPage', () => {
  it('shows the fee on top, Max that fits amount + fee, confirms with the PIN and shows the frozen result', async () => {
    serve({}, (c) => (c.path === 'user/withdraw/add' ? ok(W) : undefined));
    renderScreen('/pages/withdraw/bankWithdraw', <BankWithdrawPage />);
    await waitFor(() => expect(screen.getByTestId('withdraw-destinations')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    // 100,050.00 available: 99,950.04 + its 0.1 % fee (99.96) = 100,050.00 exactly
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('99950.04');
    type('Amount', '80000');
    const summary = screen.getByTestId('withdraw-summary').textContent ?? '';
    expect(summary).toContain('80.00 PKR');
    expect(summary).toContain('80,000.00 PKR');
    expect(summary).toContain('80,080.00 PKR');
    expect(summary).toContain('1,000.00 to 5,000,000.00 PKR each'); // limits grouped in thousands
    fireEvent.click(screen.getByTestId('withdraw-next'));
    await waitFor(() => expect(screen.getByTestId('withdraw-sheet')).toBeTruthy());
    type('Withdrawal password', '135790');
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(screen.getByTestId('withdraw-result').textContent).toContain('80,080.00 PKR'));
    const sent = calls.find((c) => c.path === 'user/withdraw/add')!;
    expect(Object.fromEntries(sent.body)).toMatchObject({
      bindingId: '7',
      amount: '80000',
      password: '135790',
    });
    expect(sent.body.get('clientId')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refusal about the amount at the amount field', async () => {
    serve({}, (c) =>
      c.path === 'user/withdraw/add'
        ? Response.json({
            code: -1001,
            msg: 'The minimum withdrawal is 1000.00 PKR',
            data: null,
            field: 'amount',
          })
        : undefined,
    );
    renderScreen('/pages/withdraw/bankWithdraw', <BankWithdrawPage />);
    await waitFor(() => expect(screen.getByLabelText('Amount')).toBeTruthy());
    type('Amount', '1500');
    fireEvent.click(screen.getByTestId('withdraw-next'));
    await waitFor(() => expect(screen.getByTestId('withdraw-sheet')).toBeTruthy());
    type('Withdrawal password', '135790');
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(screen.getByText('The minimum withdrawal is 1000.00 PKR')).toBeTruthy());
  });

  it('leads to add a bank account when none is bound, and to the security centre without a password', async () => {
    serve({ banks: [] });
    renderScreen('/pages/withdraw/bankWithdraw', <BankWithdrawPage />);
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-add-bank').getAttribute('href')).toBe('/pages/wallet/addBank'),
    );
    cleanup();
    serve({ config: { ...CONFIG, hasPassword: false } });
    renderScreen('/pages/withdraw/bankWithdraw', <BankWithdrawPage />);
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-no-password').textContent).toContain(
        'Please set the withdrawal password first',
      ),
    );
  });

  it('shows an error with retry when the config cannot be read', async () => {
    answerAll((c) => (c.path === 'user/withdraw/config' ? refused('The service is busy') : undefined));
    renderScreen('/pages/withdraw/bankWithdraw', <BankWithdrawPage />);
    await waitFor(() => expect(screen.getByTestId('error-retry')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('CryptoWithdrawPage', () => {
  it('adds the chain fee on top, Max leaves room for it, and sends the address id', async () => {
    const config = { ...CONFIG, crypto: { ...CONFIG.crypto, available: '25.500000' } };
    const addresses: WithdrawAddress[] = [
      {
        id: 3,
        chain: 'TRC20',
        address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        label: 'mine',
        createdAt: 1_763_700_000_000,
      },
    ];
    const paid = {
      ...W,
      channel: 'crypto' as const,
      asset: 'USDT' as const,
      amount: '20.000000',
      total: '21.000000',
    };
    serve({ config, addresses }, (c) => (c.path === 'coin/withdraw/add' ? ok(paid) : undefined));
    renderScreen('/pages/withdraw/cryptoWithdraw', <CryptoWithdrawPage />);
    await waitFor(() => expect(screen.getByTestId('withdraw-destinations')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('24.500000');
    type('Amount', '20');
    expect(screen.getByTestId('withdraw-summary').textContent).toContain('21.00 USDT');
    expect(screen.getByTestId('withdraw-summary').textContent).toContain('10 to 100,000 USDT each');
    fireEvent.click(screen.getByTestId('withdraw-next'));
    await waitFor(() => expect(screen.getByTestId('withdraw-sheet')).toBeTruthy());
    type('Withdrawal password', '135790');
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(screen.getByTestId('withdraw-result').textContent).toContain('21.00 USDT'));
    expect(calls.find((c) => c.path === 'coin/withdraw/add')!.body.get('addressId')).toBe('3');
  });
});

describe('withdrawal hours', () => {
  it('the crypto screen shows the crypto hours and their state, the bank screen the PKR hours', async () => {
    const week = { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' };
    const props = { ...PROPS, values: { ...PUBLIC_SETTINGS, 'crypto.withdrawHours': week } };
    const closedPkr = { ...CONFIG, open: false };
    answerAll((c) => {
      if (c.path === 'user/withdraw/config') return ok(closedPkr);
      if (c.path === 'common/props') return ok(props);
      if (c.path === 'bank/list') return ok(c.query.get('type') === 'bank' ? [BANK] : []);
      if (c.path === 'coin/withdraw/address') return ok([]);
      return undefined;
    });
    renderScreen('/pages/withdraw/cryptoWithdraw', <CryptoWithdrawPage />);
    const crypto = await waitFor(() => screen.getByTestId('withdraw-hours'));
    expect(crypto.getAttribute('data-open')).toBe('true');
    expect(crypto.textContent).toContain('Every day, 24 hours');
    expect(crypto.textContent).not.toContain('Withdrawal is not possible');
    cleanup();
    renderScreen('/pages/withdraw/bankWithdraw', <BankWithdrawPage />);
    const bank = await waitFor(() => screen.getByTestId('withdraw-hours'));
    expect(bank.getAttribute('data-open')).toBe('false');
    expect(bank.textContent).toContain('Withdrawal is not possible at the current time');
    expect(bank.textContent).toContain('09:00–17:00');
    expect(bank.textContent).toContain('Mon');
    expect(bank.textContent).not.toContain('Sun');
  });
});

describe('records', () => {
  it('lists withdrawals with status chips and opens a rejected one with its reason', async () => {
    const rejected = { ...W, id: 40, status: 'rejected' as const, reason: 'Title mismatch' };
    answerAll((c) =>
      c.path === 'user/withdraw/order'
        ? ok({ list: [W, rejected], total: 2, page: 1, size: 20 })
        : c.path === 'user/withdraw/status'
          ? ok(rejected)
          : undefined,
    );
    renderScreen('/pages/withdraw/withdrawRecord', <WithdrawRecordPage />);
    await waitFor(() => expect(screen.getAllByTestId('withdraw-row')).toHaveLength(2));
    expect(screen.getAllByTestId('withdraw-status').map((e) => e.textContent)).toEqual([
      'In progress',
      'Failed',
    ]);
    expect(screen.getAllByTestId('withdraw-row')[1]!.getAttribute('href')).toBe(
      '/pages/wallet/recordDetail?id=40',
    );
    cleanup();
    renderScreen('/pages/wallet/recordDetail?id=40', <RecordDetailPage />);
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-reason').textContent).toContain('Title mismatch'),
    );
    expect(screen.getByTestId('withdraw-detail').textContent).toContain('80,080.00 PKR');
  });

  it('says so when there are none', async () => {
    answerAll((c) =>
      c.path === 'user/withdraw/order' ? ok({ list: [], total: 0, page: 1, size: 20 }) : undefined,
    );
    renderScreen('/pages/withdraw/withdrawRecord', <WithdrawRecordPage />);
    await waitFor(() => expect(screen.getByTestId('withdraw-empty')).toBeTruthy());
  });
});
