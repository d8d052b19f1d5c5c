// @vitest-environment jsdom
// The Funds side of the AI tab with the API answered by MSW: the Robots | Funds switch, each fund with its NAV,
// measured performance and period, my requests (pending with their close; confirmed at NAV x with units), the
// fund detail's NAV table and holdings, and the subscribe / redeem form: the cut-off and what happens stated
// before the transaction password, then stock/fund/subscribe with a client id; units past the free ones flagged.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FundInfo, FundOrder, FundProduct } from '../../../../contract/fund.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, ok, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: RobotListPage } = await import('../../../../src/features/robot/robot-list-page.tsx');

const DAY = 86_400_000;
const CLOSE = Date.UTC(2026, 10, 24, 10, 30); // 15:30 PKT

const FUND: FundProduct = {
  id: 2,
  code: 'psx-balanced',
  name: 'PSX balanced (half cash)',
  level: 2,
  strategy: 'Holds a basket of HBL, OGDC at fixed target weights, keeping 50.00 % in cash.',
  basket: [
    { symbol: 'HBL', name: 'Habib Bank', weightPct: '50.00' },
    { symbol: 'OGDC', name: 'Oil & Gas Dev.', weightPct: '50.00' },
  ],
  cashPct: '50.00',
  lockDays: 7,
  minSubscribe: '1000.00',
  singleLimit: '1000000.00',
  entryFeePct: '0.50',
  managementFeePct: '1.00',
  nav: '9.87',
  navAt: CLOSE - DAY,
  indicativeNav: '9.91',
  nextCutoff: CLOSE,
  performance: {
    since: CLOSE - 3 * DAY,
    firstNav: '10.00',
    lastNav: '9.87',
    profitRatio: '-1.30',
    dailyReturnRate: '-0.65',
    note: 'NAV change from the close of 21 Nov 2026 to the close of 23 Nov 2026: measured, net of the fund’s trading fees.',
  },
  terms: ['Forward pricing: your request is priced at the NAV of the next PSX close (the cut-off).'],
  myUnits: '995.0000',
  myFreeUnits: '100.0000',
  myPendingRedeem: '0.0000',
  myValue: '9860.45',
  myNextUnlock: CLOSE + 4 * DAY,
};

const PENDING: FundOrder = {
  id: 5,
  fundId: 2,
  fundName: FUND.name,
  side: 'subscribe',
  state: 'pending',
  amount: '5000.00',
  fee: '0.00',
  units: '0.0000',
  nav: '',
  dealAt: CLOSE,
  lockUntil: 0,
  createdAt: CLOSE - 3600_000,
  confirmedAt: 0,
};
const CONFIRMED: FundOrder = {
  ...PENDING,
  id: 4,
  state: 'confirmed',
  amount: '10000.00',
  fee: '50.00',
  units: '995.0000',
  nav: '10.00',
  dealAt: CLOSE - 3 * DAY,
  lockUntil: CLOSE + 4 * DAY,
  confirmedAt: CLOSE - 3 * DAY,
};

const INFO: FundInfo = {
  fund: FUND,
  holdings: [{ symbol: 'HBL', qty: '40', price: '120.00', value: '4800.00', weightPct: '32.40' }],
  cash: '10000.00',
  assets: '14800.00',
  units: '1500.0000',
};

useMswServer();
let unbind: () => void = () => undefined;
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  storage.saveLogin({
    token: 'tok-demo',
    tokenReal: 'tok-real',
    tokenDemo: 'tok-demo',
    accountType: 'demo',
    user: { id: 1, hasTradePassword: true } as never,
  });
  unbind = bindSessionToStorage();
  window.scrollTo = () => undefined;
});
afterEach(() => {
  unbind();
  cleanup();
  calls.length = 0;
});

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 20 });
const answer = (fn: Parameters<typeof answerAll>[0]) =>
  answerAll((c) => (c.path === 'user/info' ? ok(storage.get('userInfo')) : fn(c)));

const api = (c: { path: string }) => {
  switch (c.path) {
    case 'stock/fund/list':
      return ok([FUND]);
    case 'stock/fund/info':
      return ok(INFO);
    case 'stock/fund/nav':
      return ok([
        { t: CLOSE - 3 * DAY, nav: '10.00', assets: '9950.00', units: '995.0000' },
        { t: CLOSE - DAY, nav: '9.87', assets: '14805.00', units: '1500.0000' },
      ]);
    case 'stock/fund/order/list':
      return ok(page([PENDING, CONFIRMED]));
    case 'stock/fund/subscribe':
      return ok({ ...PENDING, id: 6 });
    default:
      return undefined;
  }
};

describe('the Funds side of the AI tab', () => {
  it('switches from robots to funds and shows NAV, measured performance with its period and my requests', async () => {
    answer((c) => (c.path.startsWith('stock/ai/') ? ok(c.path === 'stock/ai/list' ? [] : page([])) : api(c)));
    renderScreen('/pages/robot/list', <RobotListPage />);
    const sw = await screen.findByTestId('ai-switch');
    fireEvent.click(within(sw).getByRole('radio', { name: 'Funds' }));
    const card = await screen.findByTestId('fund-psx-balanced');
    expect(card.textContent).toContain('9.87');
    expect(card.textContent).toContain('-1.30%');
    expect(card.textContent).toContain('Since 2026-11-21');
    expect(card.textContent).toContain('measured, net of the fund’s trading fees');
    const orders = await screen.findAllByTestId('fund-order');
    expect(orders[0]!.textContent).toContain('Pending');
    expect(orders[0]!.textContent).toContain('Priced at the close of 2026-11-24 15:30');
    expect(orders[1]!.textContent).toContain('Confirmed at NAV 10.00');
    expect(orders[1]!.textContent).toContain('995.0000');
    expect(document.body.textContent).not.toMatch(/guarantee|promised return/i);
  });

  it('states the cut-off and what happens, then subscribes with the password and a client id', async () => {
    answer(api);
    renderScreen('/pages/robot/list?tab=funds&fund=2', <RobotListPage />);
    await screen.findByTestId('fund-detail');
    const table = await screen.findByTestId('fund-nav-table');
    expect(table.textContent).toContain('9.87');
    expect((await screen.findByTestId('fund-holdings')).textContent).toContain('4,800.00 PKR');
    expect(screen.getByTestId('fund-my-units').textContent).toContain('995.0000');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5000' } });
    expect(screen.getByTestId('fund-subscribe-form').textContent).toContain(
      'Next cut-off: PSX close at 2026-11-24 15:30',
    );
    fireEvent.click(screen.getByTestId('fund-next'));
    const confirm = await screen.findByTestId('fund-confirm');
    expect(confirm.textContent).toContain('PKR 5,000.00 leaves your cash now');
    expect(confirm.textContent).toContain('0.50 % entry fee (about PKR 25.00)');
    expect(confirm.textContent).toContain('7 days after that close');
    fireEvent.click(screen.getByTestId('fund-confirm-go'));
    const keypad = await screen.findByTestId('keypad');
    for (const d of '123456') fireEvent.click(within(keypad).getByRole('button', { name: d }));
    await waitFor(() => expect(calls.some((c) => c.path === 'stock/fund/subscribe')).toBe(true));
    const sub = calls.find((c) => c.path === 'stock/fund/subscribe')!;
    expect(sub.body.get('fundId')).toBe('2');
    expect(sub.body.get('amount')).toBe('5000');
    expect(sub.body.get('tradePassword')).toBe('123456');
    expect(sub.body.get('clientId')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('flags more units than are free to redeem', async () => {
    answer(api);
    renderScreen('/pages/robot/list?tab=funds&fund=2', <RobotListPage />);
    await screen.findByTestId('fund-detail');
    const mode = await screen.findByTestId('fund-mode');
    fireEvent.click(within(mode).getByRole('radio', { name: 'Redeem' }));
    fireEvent.change(await screen.findByLabelText('Units'), { target: { value: '150' } });
    await screen.findByText('At most 100.0000 units can be redeemed now');
  });
});
