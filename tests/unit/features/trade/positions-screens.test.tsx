// @vitest-environment jsdom
// Positions tab (live rows and totals mocked as the worker would give them) and the order centre's cancel
// flow, with the API answered at the fetch level (MSW). (The transaction password page:
// trade-password-page.test.tsx.)
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { renderRoutes } from '../../support/render-app.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StockOrder } from '../../../../workers/protocol/trade.ts';
import type { PositionRowView, PositionTotals } from '../../../../src/features/positions/positions-live.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { appStore } from '../../../../src/shared/state/jotai.ts';
import { userInfoAtom } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import tone from '../../../../src/shared/ui/tone.module.css';
import { answerAll, calls, ok, useMswServer, type ApiCall } from '../../support/msw.ts';

interface LiveState {
  rows: Record<string, PositionRowView>;
  symbols: readonly string[] | null;
  totals: PositionTotals | null;
  /** The account feed's open orders (the worker would post them). */
  orders: readonly StockOrder[] | null;
}
const live = {
  rows: {} as LiveState['rows'],
  symbols: null as LiveState['symbols'],
  totals: null as LiveState['totals'],
  orders: null as LiveState['orders'],
  listeners: new Set<() => void>(),
  set(p: Partial<LiveState>): void {
    Object.assign(live, p);
    live.listeners.forEach((l) => l());
  },
};
function useLive<T>(pick: () => T): T {
  return useSyncExternalStore((l) => {
    live.listeners.add(l);
    return () => live.listeners.delete(l);
  }, pick);
}

vi.mock('../../../../src/features/positions/positions-live.ts', () => ({
  useLiveOpenOrders: () => useLive(() => live.orders),
  usePositionSymbols: () => useLive(() => live.symbols),
  usePositionRow: (s: string) => useLive(() => live.rows[s] ?? null),
  useLiveTotals: () => useLive(() => live.totals),
  useCash: () => ({ available: '948,983.98', frozen: '2,803.00' }),
  usePositionsFailed: () => false,
  useVisiblePositions: () => undefined,
}));

const { default: PositionsPage } = await import('../../../../src/features/positions/positions-page.tsx');

const row = (
  symbol: string,
  pnl: string,
  dir: PositionRowView['dir'],
  locked = '0',
  today: Pick<PositionRowView, 'todayPnl' | 'todayPnlPct' | 'todayDir'> = {
    todayPnl: '',
    todayPnlPct: '',
    todayDir: 'flat',
  },
): PositionRowView => ({
  symbol,
  nameEn: `${symbol} Ltd`,
  nameUr: symbol,
  qty: '100',
  available: locked === '0' ? '100' : '0',
  locked,
  avgCost: '280.96',
  last: '280.35',
  marketValue: '28,035.00',
  pnl,
  pnlPct: dir === 'down' ? '-0.21%' : '+0.21%',
  dir,
  ...today,
});
const noToday = { todayPnl: '', todayPnlPct: '', todayDir: 'flat' } as const;

const order: StockOrder = {
  id: 42,
  clientOrderId: 'c-42',
  accountType: 'demo',
  symbol: 'OGDC',
  nameEn: 'Oil & Gas Development Company',
  nameUr: 'او جی ڈی سی',
  side: 'buy',
  type: 'limit',
  price: '258.51',
  qty: '10',
  filledQty: '0',
  avgPrice: '0',
  amount: '0',
  fee: { commission: '0', sst: '0', cvt: '0', cdc: '0', exchange: '0', total: '0' },
  frozen: '2591.20',
  status: 'pending',
  createdAt: 1_763_700_000_000,
  updatedAt: 1_763_700_000_000,
};

let openOrders: StockOrder[] = [];
let filledOrders: StockOrder[] = [];
/** What a call sent: its query (GET) or its form body (POST). */
const params = (c: ApiCall | undefined) => (c?.method === 'GET' ? c.query : c?.body);

useMswServer();

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  openOrders = [order];
  filledOrders = [];
  live.set({ rows: {}, symbols: null, totals: null, orders: openOrders });
  storage.set('positionTab', 0);
  window.scrollTo = () => undefined;
  answerAll(({ path, query }) => {
    if (path === 'stock/order/list') {
      const status = query.get('status');
      const list = status === 'pending' ? openOrders : status === 'filled' ? filledOrders : [];
      return ok({ list, total: list.length, page: 1, size: 20 });
    }
    if (path === 'stock/order/statistics')
      return ok({ pending: openOrders.length, partial: 0, filled: 0, cancelled: 0 });
    if (path === 'stock/order/cancel') {
      openOrders = [];
      // The account channel reports the cancel; the worker posts the new open orders.
      setTimeout(() => act(() => live.set({ orders: [] })), 0);
      return ok({ ...order, status: 'cancelled' });
    }
    if (path === 'user/info') return ok(appStore.get(userInfoAtom));
    return undefined;
  });
});

afterEach(cleanup);

function renderAt(path: string, element: React.ReactNode) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  ).router;
}

describe('PositionsPage', () => {
  it('shows live totals and rows with T+1 badges and coloured P&L that follow the worker', async () => {
    renderAt('/pages/tabbar/position', <PositionsPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    act(() =>
      live.set({
        symbols: ['OGDC', 'HBL'],
        rows: { OGDC: row('OGDC', '-60.00', 'down', '100'), HBL: row('HBL', '+12.00', 'up') },
        totals: { marketValue: '42,527.50', pnl: '-48.00', pnlPct: '-0.11%', dir: 'down', ...noToday },
      }),
    );
    const rows = await screen.findAllByTestId('position-row');
    expect(rows.map((r) => r.getAttribute('data-symbol'))).toEqual(['OGDC', 'HBL']);
    expect(within(rows[0]!).getByTestId('t1-badge').textContent).toBe('T+1');
    expect(within(rows[1]!).queryByTestId('t1-badge')).toBeNull();
    expect(within(rows[0]!).getByTestId('position-pnl').className).toContain(tone.down);
    expect(screen.getByTestId('totals-pnl').textContent).toBe('-48.00');
    act(() => live.set({ rows: { ...live.rows, OGDC: row('OGDC', '+5.00', 'up', '100') } }));
    expect(
      within(screen.getAllByTestId('position-row')[0]!).getByTestId('position-pnl').textContent,
    ).toContain('+5.00');
  });

  it("shows today's P&L under each row and in the totals, coloured by its own sign, a dash while unknown", async () => {
    renderAt('/pages/tabbar/position', <PositionsPage />);
    const down = { todayPnl: '-61.00', todayPnlPct: '-0.21%', todayDir: 'down' } as const;
    act(() =>
      live.set({
        symbols: ['OGDC', 'HBL'],
        // OGDC: floating P&L up but down today; HBL: no today's inputs from the server.
        rows: { OGDC: row('OGDC', '+5.00', 'up', '0', down), HBL: row('HBL', '+12.00', 'up') },
        totals: { marketValue: '42,527.50', pnl: '+17.00', pnlPct: '+0.04%', dir: 'up', ...noToday },
      }),
    );
    const rows = await screen.findAllByTestId('position-row');
    const today = within(rows[0]!).getByTestId('position-today');
    expect(today.textContent).toBe('Today-61.00-0.21%');
    expect(today.className).toContain(tone.down);
    expect(within(rows[0]!).getByTestId('position-pnl').className).toContain(tone.up);
    expect(within(rows[1]!).getByTestId('position-today').textContent).toBe('Today—');
    expect(screen.getByTestId('totals-today').textContent).toBe('—');
    act(() =>
      live.set({
        rows: {
          ...live.rows,
          OGDC: row('OGDC', '+5.00', 'up', '0', { todayPnl: '+4.00', todayPnlPct: '+0.01%', todayDir: 'up' }),
        },
        totals: {
          ...live.totals!,
          todayPnl: '+4.00',
          todayPnlPct: '+0.01%',
          todayDir: 'up',
        },
      }),
    );
    const moved = within(screen.getAllByTestId('position-row')[0]!).getByTestId('position-today');
    expect(moved.textContent).toBe('Today+4.00+0.01%');
    expect(moved.className).toContain(tone.up);
    expect(screen.getByTestId('totals-today').textContent).toBe('+4.00');
    expect(screen.getByTestId('totals-today').parentElement!.className).toContain(tone.up);
    expect(screen.getByText("Today's P&L")).toBeTruthy();
  });

  it('remembers the chosen tab in positionTab and cancels an open order after confirming', async () => {
    renderAt('/pages/tabbar/position', <PositionsPage />);
    fireEvent.click(screen.getByTestId('tab-orders'));
    expect(storage.get('positionTab')).toBe(1);
    const open = await screen.findByTestId('order-row');
    expect(within(open).getByTestId('order-frozen').textContent).toBe('2,591.20');
    fireEvent.click(within(open).getByTestId('cancel-order'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    await screen.findByTestId('orders-empty');
    const cancel = calls.find((c) => c.path === 'stock/order/cancel');
    expect(params(cancel)?.get('id')).toBe('42');
  });

  it('opens on the order centre when positionTab says so (after placing an order)', async () => {
    storage.set('positionTab', 1);
    renderAt('/pages/tabbar/position', <PositionsPage />);
    expect(await screen.findByTestId('order-centre')).toBeTruthy();
  });

  it('opens the order centre on the list the trade screen names, its order outlined (a market fill)', async () => {
    const filled = { ...order, id: 43, status: 'filled' as const, filledQty: '10', avgPrice: '259.12' };
    filledOrders = [filled, { ...filled, id: 40 }];
    const { router } = renderRoutes(
      [
        { path: '/pages/stock/order', element: <p>trade</p> },
        { path: '/pages/tabbar/position', element: <PositionsPage /> },
      ],
      '/pages/stock/order',
    );
    await act(() =>
      router.navigate('/pages/tabbar/position', { state: { orderTab: 'filled', orderId: 43 } }),
    );
    expect(await screen.findByTestId('order-centre')).toBeTruthy();
    expect(screen.getByTestId('orders-tab-filled').getAttribute('aria-selected')).toBe('true');
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((r) => [r.getAttribute('data-id'), r.getAttribute('data-fresh')])).toEqual([
      ['43', 'true'],
      ['40', null],
    ]);
  });
});
