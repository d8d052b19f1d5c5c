// @vitest-environment jsdom
// The robot screens with the API answered by MSW: the AI tab's robots with their measured record and period
// and "my robots" (a loss shown as a loss), its empty state and error with retry; the detail page's allocate
// form (tier checks at the field, a confirm step stating the entry fee, lock-in and exit rule, then the
// transaction password and stock/ai/buy with a client id); the order detail's figures, fees and trades.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RobotOrder, RobotOrderDetails, RobotProduct } from '../../../../contract/robot.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, ok, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: RobotListPage } = await import('../../../../src/features/robot/robot-list-page.tsx');
const { default: RobotDetailPage } = await import('../../../../src/features/robot/robot-detail-page.tsx');
const { default: RobotOrderPage } = await import('../../../../src/features/robot/robot-order-page.tsx');

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 10);

const PRODUCT: RobotProduct = {
  id: 1,
  code: 'dca-ogdc',
  name: 'DCA OGDC',
  strategy: 'dca',
  market: 'psx',
  symbol: 'OGDC',
  description: 'Buys a fixed slice every hour and on dips; takes profit 3 % above its average cost.',
  params: [{ key: 'slice', label: 'Slice', value: '10 %' }],
  levels: [
    { level: 1, name: 'Basic', min: '10000.00', max: '99999.99' },
    { level: 2, name: 'Plus', min: '100000.00', max: '500000.00' },
  ],
  lockDays: 7,
  singleLimit: '500000.00',
  entryFeePct: '1.00',
  performanceFeePct: '10.00',
  earlyExitFeePct: '2.00',
  minAdd: '1000.00',
  terms: ['Your capital is at risk.'],
  riskNote: 'Capital at risk: measured results, no promise.',
  enabled: true,
  track: {
    since: NOW - 3 * DAY,
    until: NOW,
    days: 3,
    orders: 4,
    invested: '80000.00',
    netPnl: '-1234.50',
    profitRatio: '-1.54',
    dailyReturnRate: '-0.51',
  },
};

const ORDER: RobotOrder = {
  id: 7,
  clientId: 'abcdefgh-1',
  productId: 1,
  productName: 'DCA OGDC',
  strategy: 'dca',
  symbol: 'OGDC',
  level: 1,
  state: 'running',
  endReason: null,
  invested: '20000.00',
  capital: '19800.00',
  cash: '9000.00',
  positionsValue: '10500.00',
  equity: '19500.00',
  realisedPnl: '120.00',
  unrealisedPnl: '-420.00',
  netPnl: '-500.00',
  returnPct: '-2.50',
  fees: { entry: '200.00', trading: '35.10', performance: '0.00', earlyExit: '0.00', total: '235.10' },
  trades: 6,
  closedTrades: 2,
  wins: 1,
  winRate: '50.00',
  maxDrawdownPct: '3.20',
  benchmark: {
    symbol: 'OGDC',
    startPrice: '280.00',
    endPrice: '275.00',
    value: '19446.43',
    pnl: '-553.57',
    returnPct: '-2.77',
  },
  returned: '0.00',
  startedAt: NOW - 2 * DAY,
  periodEnd: NOW,
  days: 2,
  lockDays: 7,
  lockUntil: NOW + 5 * DAY,
  canAdd: true,
  canExit: true,
  exitFeeNow: '390.00',
  endedAt: null,
  createdAt: NOW - 2 * DAY,
  updatedAt: NOW,
};

const DETAILS: RobotOrderDetails = {
  order: ORDER,
  product: PRODUCT,
  holdings: [{ symbol: 'OGDC', qty: 38, cost: '10920.00', last: '275.00', value: '10450.00' }],
  curve: [],
  orders: [
    {
      id: 91,
      side: 'sell',
      type: 'limit',
      symbol: 'OGDC',
      price: '288.40',
      qty: 10,
      filledQty: 10,
      avgPrice: '288.40',
      fee: '8.10',
      status: 'filled',
      reason: 'take profit at 288.40',
      createdAt: NOW - DAY,
    },
  ],
  periodNote: 'Measured from 2026-11-22 to now, net of all fees',
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

/**
 * The screens' calls answered by `fn`; the profile (user/info, read by the password step) is the signed-in user
 * as stored. Left to the fallback (null) it would sign the user out in the middle of the test.
 */
const answer = (fn: Parameters<typeof answerAll>[0]) =>
  answerAll((c) => (c.path === 'user/info' ? ok(storage.get('userInfo')) : fn(c)));

describe('RobotListPage', () => {
  it('shows each robot with its measured record and period, the risk warning, and my robots with a loss', async () => {
    answer((c) =>
      c.path === 'stock/ai/list'
        ? ok([PRODUCT])
        : c.path === 'stock/ai/order/list'
          ? ok(page([ORDER]))
          : undefined,
    );
    renderScreen('/pages/robot/list', <RobotListPage />);
    const card = await screen.findByTestId('robot-product-dca-ogdc');
    expect(card.textContent).toContain('PSX (simulated)');
    expect(card.textContent).toContain('10,000.00 PKR – 500,000.00 PKR');
    expect(card.textContent).toContain('7 days');
    const track = within(card).getByTestId('robot-track').textContent ?? '';
    expect(track).toMatch(/Measured 2026-11-21 to 2026-11-24 \(3 days, 4 orders\), net of all fees/);
    expect(track).toContain('-1,234.50 PKR');
    expect(track).toContain('-0.51%');
    expect(screen.getByTestId('robot-risk').textContent).toMatch(/capital is at risk/);
    const mine = await screen.findByTestId('my-robot');
    expect(mine.textContent).toContain('In progress');
    expect(mine.textContent).toContain('-500.00 PKR');
    expect(mine.textContent).toContain('-2.50%');
    expect(document.body.textContent).not.toMatch(/guarantee|promised/i);
  });

  it('says when no robot is offered, and offers a retry after an error', async () => {
    let fail = true;
    answer((c) => {
      if (c.path === 'stock/ai/order/list') return ok(page([]));
      if (c.path !== 'stock/ai/list') return undefined;
      return fail ? Response.json({ code: 500, msg: 'busy', data: null }) : ok([]);
    });
    renderScreen('/pages/robot/list', <RobotListPage />);
    const retry = await screen.findByTestId('error-retry', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(retry).getByRole('button'));
    await screen.findByTestId('robot-products-empty');
    expect(screen.getByText('You have no robot orders yet.')).toBeTruthy();
  });
});

describe('RobotDetailPage', () => {
  it('checks the amount against the tiers, states fee, lock-in and exit rule, then buys with the password', async () => {
    answer((c) =>
      c.path === 'stock/ai/info'
        ? ok(PRODUCT)
        : c.path === 'stock/ai/order/list'
          ? ok(page([]))
          : c.path === 'stock/ai/buy'
            ? ok({ ...ORDER, id: 8 })
            : undefined,
    );
    renderScreen('/pages/robot/detail?id=1', <RobotDetailPage />);
    await screen.findByTestId('robot-tiers');
    expect(screen.getByTestId('robot-description').textContent).toContain('fixed slice');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('robot-allocate-next'));
    await screen.findByText('The least you can allocate is 10,000.00 PKR');
    expect(screen.queryByTestId('robot-confirm')).toBeNull();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '20000' } });
    fireEvent.click(screen.getByTestId('robot-allocate-next'));
    const confirm = await screen.findByTestId('robot-confirm');
    expect(confirm.textContent).toContain('Entry fee (1.00%)200.00 PKR');
    expect(confirm.textContent).toContain('19,800.00 PKR');
    expect(confirm.textContent).toContain('7 days');
    expect(confirm.textContent).toContain('early-exit fee of 2.00%');
    fireEvent.click(screen.getByTestId('robot-confirm-go'));
    const keypad = await screen.findByTestId('keypad');
    for (const d of '123456') fireEvent.click(within(keypad).getByRole('button', { name: d }));
    await waitFor(() => expect(calls.some((c) => c.path === 'stock/ai/buy')).toBe(true));
    const buy = calls.find((c) => c.path === 'stock/ai/buy')!;
    expect(buy.body.get('productId')).toBe('1');
    expect(buy.body.get('amount')).toBe('20000');
    expect(buy.body.get('tradePassword')).toBe('123456');
    expect(buy.body.get('clientId')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('RobotOrderPage', () => {
  it('shows net P&L, fees, the report, the benchmark and the robot’s trades', async () => {
    answer((c) => (c.path === 'stock/ai/order/details' ? ok(DETAILS) : undefined));
    renderScreen('/pages/robot/orderDetail?id=7', <RobotOrderPage />);
    const figures = await screen.findByTestId('robot-figures');
    expect(figures.textContent).toContain('-500.00 PKR');
    expect(figures.textContent).toContain('-420.00 PKR');
    expect(screen.getByTestId('robot-period').textContent).toContain('Measured from 2026-11-22');
    expect(screen.getByTestId('robot-report').textContent).toContain('50.00%');
    expect(screen.getByTestId('robot-report').textContent).toContain('3.20%');
    expect(screen.getByTestId('robot-fees').textContent).toContain('235.10 PKR');
    expect(screen.getByTestId('robot-benchmark').textContent).toContain('-553.57 PKR');
    expect(screen.getByTestId('robot-trade').textContent).toContain('take profit at 288.40');
    fireEvent.click(screen.getByTestId('robot-exit-open'));
    await screen.findByText(/early-exit fee of 390.00 PKR/);
  });
});
