// @vitest-environment jsdom
// The deposit screens with the API answered by MSW: the chooser (channels from common/props; the KYC and demo
// gates), the bank form (receiving account, amount with the {0} limits, clientId, the result with where to
// pay and the reference), a refusal at its field, the offline form and the crypto screen.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Deposit, PropsResult, ReceivingAccount } from '../../../../workers/protocol/deposits.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { PUBLIC_SETTINGS } from '../../support/public-settings.ts';
import { answerAll, calls, ok, useMswServer, type ApiCall } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: RechargePage } = await import('../../../../src/features/recharge/recharge-page.tsx');
const { default: PkrRechargePage } = await import('../../../../src/features/recharge/pkr-recharge-page.tsx');
const { default: CryptoRechargePage } =
  await import('../../../../src/features/recharge/crypto-recharge-page.tsx');
const { default: RechargeRecordPage } =
  await import('../../../../src/features/recharge/recharge-record-page.tsx');

const PROPS: PropsResult = {
  values: PUBLIC_SETTINGS,
  templates: [
    { key: 'deposit.min', template: 'Minimum deposit: {0} PKR', value: '500.00' },
    { key: 'deposit.max', template: 'Maximum single deposit: {0} PKR', value: '5000000.00' },
  ],
};
const MEZN: ReceivingAccount = {
  id: 4,
  channel: 'bank',
  provider: 'MEZN',
  providerName: 'Meezan Bank',
  title: 'Trade Co Pvt Ltd',
  number: 'PK36MEZN0000001123456702',
};
const JAZZ: ReceivingAccount = {
  id: 5,
  channel: 'wallet',
  provider: 'jazzcash',
  providerName: 'JazzCash',
  title: 'Trade Co',
  number: '03001234567',
};
const DEP: Deposit = {
  id: 9,
  channel: 'bank',
  asset: 'PKR',
  amount: '25000.00',
  reference: 'D4K7Q2XP',
  status: 'pending',
  receivingAccount: MEZN,
  payer: '',
  confirmations: 0,
  bankReference: '',
  reason: '',
  createdAt: 1_763_700_000_000,
  updatedAt: 1_763_700_000_000,
};

const user = (idStatus: string) => ({ id: 1, idStatus, accountType: 'real' });
function answer(idStatus: string, extra: (c: ApiCall) => Response | undefined = () => undefined) {
  answerAll(
    (c) =>
      extra(c) ??
      (c.path === 'user/info'
        ? ok(user(idStatus))
        : c.path === 'common/props'
          ? ok(PROPS)
          : c.path === 'index/bank/recharge'
            ? ok({ list: [MEZN, JAZZ] })
            : undefined),
  );
}

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

describe('RechargePage', () => {
  it('offers the channels the settings list, each leading to its screen', async () => {
    answer('succ');
    renderScreen('/pages/recharge/recharge', <RechargePage />);
    await waitFor(() => expect(screen.getByTestId('deposit-choose-bank')).toBeTruthy());
    expect(screen.getByTestId('deposit-choose-bank').getAttribute('href')).toBe(
      '/pages/recharge/rechargeChannel',
    );
    expect(screen.getByTestId('deposit-choose-wallet').getAttribute('href')).toBe(
      '/pages/recharge/walletChannel',
    );
    expect(screen.getByTestId('deposit-choose-offline').getAttribute('href')).toBe(
      '/pages/recharge/offlineRecharge',
    );
    expect(screen.getByTestId('deposit-choose-crypto').getAttribute('href')).toBe(
      '/pages/recharge/cryptoRecharge',
    );
  });

  it('offers only the channels that are open', async () => {
    answer('succ', (c) =>
      c.path === 'common/props'
        ? ok({ ...PROPS, values: { ...PROPS.values, 'deposit.channels': ['bank'] } })
        : undefined,
    );
    renderScreen('/pages/recharge/recharge', <RechargePage />);
    await waitFor(() => expect(screen.getByTestId('deposit-choose-bank')).toBeTruthy());
    expect(screen.queryByTestId('deposit-choose-crypto')).toBeNull();
  });

  it('leads a user who is not verified to KYC', async () => {
    answer('none');
    renderScreen('/pages/recharge/recharge', <RechargePage />);
    await waitFor(() =>
      expect(screen.getByTestId('deposit-kyc-link').getAttribute('href')).toBe('/pages/user/kyc'),
    );
    expect(screen.queryByTestId('deposit-choose-bank')).toBeNull();
  });

  it('tells the demo account that deposits are on the real account, with a switch', async () => {
    storage.switchAccountType('demo');
    answer('succ');
    renderScreen('/pages/recharge/recharge', <RechargePage />);
    await waitFor(() => expect(screen.getByTestId('deposit-demo')).toBeTruthy());
    fireEvent.click(screen.getByTestId('deposit-to-real'));
    expect(storage.get('userAccountType')).toBe('real');
  });
});

describe('PkrRechargePage', () => {
  it('sends the bank deposit with a clientId and shows where to pay and the reference', async () => {
    answer('succ', (c) => (c.path === 'user/recharge/add' ? ok(DEP) : undefined));
    renderScreen('/pages/recharge/bankRecharge?account=4', <PkrRechargePage />);
    await waitFor(() => expect(screen.getByTestId('deposit-accounts')).toBeTruthy());
    expect(
      screen.getByText('Minimum deposit: 500.00 PKR · Maximum single deposit: 5,000,000.00 PKR'),
    ).toBeTruthy();
    // the wallet account is not offered for a bank transfer
    expect(screen.queryByText('03001234567')).toBeNull();
    type('Amount', '25000');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(screen.getByTestId('deposit-result')).toBeTruthy());
    const result = screen.getByTestId('deposit-result').textContent ?? '';
    expect(result).toContain('Meezan Bank');
    expect(result).toContain('Trade Co Pvt Ltd');
    expect(result).toContain('25,000.00 PKR');
    expect(screen.getByTestId('deposit-reference').textContent).toContain('D4K7Q2XP');
    expect(screen.getByTestId('deposit-result-number').textContent).toContain('PK36MEZN0000001123456702');
    expect(result).toContain('Pending');
    expect(screen.getByTestId('deposit-result-records').getAttribute('href')).toBe(
      '/pages/recharge/rechargeRecord',
    );
    const sent = calls.find((c) => c.path === 'user/recharge/add')!;
    expect(Object.fromEntries(sent.body)).toMatchObject({
      channel: 'bank',
      amount: '25000',
      receivingAccountId: '4',
    });
    expect(sent.body.get('clientId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.body.has('payer')).toBe(false);
  });

  it('checks the amount before sending and shows a refusal at its field', async () => {
    answer('succ', (c) =>
      c.path === 'user/recharge/add'
        ? Response.json({ code: -1001, msg: 'Minimum deposit: 500.00 PKR', data: null, field: 'amount' })
        : undefined,
    );
    renderScreen('/pages/recharge/bankRecharge', <PkrRechargePage />);
    await waitFor(() => expect(screen.getByTestId('deposit-accounts')).toBeTruthy());
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(calls.some((c) => c.path === 'user/recharge/add')).toBe(false);
    type('Amount', '100');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(screen.getAllByText('Minimum deposit: 500.00 PKR').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('deposit-result')).toBeNull();
  });

  it('sends a wallet deposit with the payer number to the wallet account', async () => {
    answer('succ', (c) =>
      c.path === 'user/recharge/add'
        ? ok({ ...DEP, channel: 'wallet', receivingAccount: JAZZ, payer: '03211234567' })
        : undefined,
    );
    renderScreen('/pages/recharge/walletRecharge', <PkrRechargePage />);
    await waitFor(() => expect(screen.getByTestId('deposit-accounts')).toBeTruthy());
    type('Amount', '2000');
    type('Your wallet number', '03211234567');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(screen.getByTestId('deposit-result')).toBeTruthy());
    expect(Object.fromEntries(calls.find((c) => c.path === 'user/recharge/add')!.body)).toMatchObject({
      channel: 'wallet',
      receivingAccountId: '5',
      payer: '03211234567',
    });
  });

  it('sends an offline deposit with the channel password', async () => {
    answer('succ', (c) =>
      c.path === 'user/recharge/add'
        ? ok({ ...DEP, channel: 'offline', receivingAccount: undefined })
        : undefined,
    );
    renderScreen('/pages/walletRechage/offlineRecharge', <PkrRechargePage />);
    await waitFor(() => expect(screen.getByLabelText('Channel password')).toBeTruthy());
    type('Channel password', 'open-sesame');
    type('Amount', '1000');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(screen.getByTestId('deposit-result')).toBeTruthy());
    expect(Object.fromEntries(calls.find((c) => c.path === 'user/recharge/add')!.body)).toMatchObject({
      channel: 'offline',
      channelPassword: 'open-sesame',
      amount: '1000',
    });
  });
});

describe('CryptoRechargePage', () => {
  it('generates the address on first open, shows minimum and confirmations, and reports a transfer', async () => {
    const addr = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    answer('succ', (c) =>
      c.path === 'index/recharge/coins'
        ? ok({
            list: [
              { coin: 'USDT', chain: 'TRC20', min: '10', confirmations: 20 },
              { coin: 'USDT', chain: 'ERC20', min: '10', confirmations: 12 },
            ],
          })
        : c.path === 'coin/recharge/address'
          ? ok({ chain: c.body.get('chain'), address: null })
          : c.path === 'coin/recharge/address/generate'
            ? ok({ chain: c.body.get('chain'), address: addr })
            : c.path === 'coin/recharge/add'
              ? ok({
                  ...DEP,
                  channel: 'crypto',
                  asset: 'USDT',
                  amount: '25.500000',
                  receivingAccount: undefined,
                })
              : undefined,
    );
    renderScreen('/pages/recharge/cryptoRecharge', <CryptoRechargePage />);
    await waitFor(() => expect(screen.getByTestId('coin-address').textContent).toContain(addr));
    expect(screen.getByTestId('coin-notes').textContent).toContain('10 USDT');
    expect(screen.getByTestId('coin-notes').textContent).toContain('20 confirmations');
    expect(calls.find((c) => c.path === 'coin/recharge/address/generate')!.body.get('chain')).toBe('TRC20');
    fireEvent.click(screen.getByTestId('coin-sent'));
    await waitFor(() => expect(screen.getByTestId('coin-sheet')).toBeTruthy());
    type('Amount sent', '25.5');
    fireEvent.click(screen.getByTestId('coin-submit'));
    await waitFor(() => expect(screen.getByTestId('deposit-result').textContent).toContain('25.500000 USDT'));
    const sent = calls.find((c) => c.path === 'coin/recharge/add')!;
    expect(Object.fromEntries(sent.body)).toMatchObject({ chain: 'TRC20', amount: '25.5' });
    expect(sent.body.has('txHash')).toBe(false);
    expect(sent.body.get('clientId')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('RechargeRecordPage detail', () => {
  it('opens a record in a sheet with its timeline, reference and the reason it was rejected', async () => {
    const rejected = { ...DEP, status: 'rejected' as const, reason: 'No matching transfer' };
    answer('succ', (c) =>
      c.path === 'user/recharge/order'
        ? ok({ list: [rejected], total: 1, page: 1, size: 20 })
        : c.path === 'user/recharge/status'
          ? ok(rejected)
          : undefined,
    );
    renderScreen('/pages/recharge/rechargeRecord', <RechargeRecordPage />);
    await waitFor(() => expect(screen.getByTestId('deposit-row')).toBeTruthy());
    fireEvent.click(screen.getByTestId('deposit-row'));
    await waitFor(() => expect(screen.getByTestId('deposit-detail')).toBeTruthy());
    const text = screen.getByTestId('deposit-detail').textContent ?? '';
    expect(text).toContain('D4K7Q2XP');
    expect(text).toContain('No matching transfer');
    expect(screen.getByTestId('deposit-timeline').textContent).toContain('Rejected');
  });

  it('opens the crypto records on the crypto filter', async () => {
    answer('succ', (c) =>
      c.path === 'user/recharge/order' ? ok({ list: [], total: 0, page: 1, size: 20 }) : undefined,
    );
    renderScreen('/pages/recharge/coinRechargeList', <RechargeRecordPage />);
    await waitFor(() => expect(screen.getByTestId('deposit-empty')).toBeTruthy());
    expect(calls.find((c) => c.path === 'user/recharge/order')!.query.get('channel')).toBe('crypto');
  });
});
