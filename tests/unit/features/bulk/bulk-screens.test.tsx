// @vitest-environment jsdom
// The block-trade screens with the API answered by MSW: the list (a tab asks stock/bulk/list with its state;
// an error offers a retry; an empty tab says so), the detail (every money rule shown before the buy: price,
// discount, overflow, lot, unlock date; the stepper moves in whole lots up to what is left) and the orders
// (allocated quantity locked until the date; none: the empty state).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BulkBlock, BulkOrder } from '../../../../contract/bulk.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, ok, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: BulkListPage } = await import('../../../../src/features/bulk/bulk-list-page.tsx');
const { default: BulkDetailPage } = await import('../../../../src/features/bulk/bulk-detail-page.tsx');
const { default: BulkOrderPage } = await import('../../../../src/features/bulk/bulk-order-page.tsx');

const HOUR = 3_600_000;
const now = Date.now();
const UNLOCK = Date.UTC(2026, 11, 2, 19); // 2026-12-03 00:00 Pakistan time
const block = (over: Partial<BulkBlock> = {}): BulkBlock => ({
  id: 5,
  symbol: 'OGDC',
  nameEn: 'Oil & Gas Development Company',
  nameUr: 'آئل اینڈ گیس',
  state: 'open',
  priceMode: 'discount',
  refClose: '200.00',
  price: '180.00',
  discountPct: '10.00',
  lastPrice: '210.00',
  overflow: '30.00',
  overflowPct: '14.28',
  shares: 1000,
  lot: 100,
  sold: 800,
  remaining: 200,
  opensAt: now - HOUR,
  closesAt: now + HOUR,
  lockDays: 7,
  unlockAtIfBoughtNow: UNLOCK,
  vipOnly: true,
  note: '',
  ...over,
});
const order: BulkOrder = {
  id: 9,
  clientId: 'client-0001',
  blockId: 5,
  symbol: 'OGDC',
  qty: 200,
  price: '180.00',
  amount: '36000.00',
  fee: '72.50',
  total: '36072.50',
  refClose: '200.00',
  discountPct: '10.00',
  lockDays: 7,
  unlockAt: UNLOCK,
  locked: true,
  orderId: 77,
  createdAt: now - 60_000,
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

describe('BulkListPage', () => {
  it('shows the open blocks with their price, discount and overflow; a tab asks for its state', async () => {
    answerAll((c) => {
      if (c.path === 'stock/bulk/list') return ok(c.query.get('state') === 'open' ? [block()] : []);
      return undefined;
    });
    renderScreen('/pages/stockBulk/bulkList', <BulkListPage />);
    const list = await screen.findByTestId('bulk-list');
    expect(within(list).getByText('Oil & Gas Development Company')).toBeTruthy();
    expect(within(list).getByTestId('bulk-price').textContent).toContain('180.00 PKR');
    expect(within(list).getByTestId('bulk-discount').textContent).toBe('10.00%');
    expect(within(list).getByTestId('bulk-overflow').textContent).toContain('30.00 PKR (14.28%)');
    fireEvent.click(screen.getByTestId('bulk-tab-ended'));
    expect(await screen.findByTestId('bulk-empty')).toBeTruthy();
    expect(calls.some((c) => c.path === 'stock/bulk/list' && c.query.get('state') === 'ended')).toBe(true);
  });

  it('offers a retry when the list fails', async () => {
    let fail = true;
    answerAll(() => (fail ? Response.json({ code: 500, msg: 'busy', data: null }) : ok([block()])));
    renderScreen('/pages/stockBulk/bulkList', <BulkListPage />);
    const retry = await screen.findByTestId('error-retry', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(retry).getByRole('button'));
    expect(await screen.findByTestId('bulk-list')).toBeTruthy();
  });
});

/**
 * The detail's calls answered by `fn`; the profile (user/info, read by the password step) is the signed-in user
 * as stored. Left to the fallback (null) it would sign the user out in the middle of the test.
 */
const answerDetail = (fn: Parameters<typeof answerAll>[0]) =>
  answerAll((c) => (c.path === 'user/info' ? ok(storage.get('userInfo')) : fn(c)));

describe('BulkDetailPage', () => {
  it('shows the rules and the unlock date; the stepper moves in lots up to what is left', async () => {
    answerDetail((c) => (c.path === 'stock/bulk/info' ? ok(block()) : undefined));
    renderScreen('/pages/stockBulk/bulkDetail?id=5', <BulkDetailPage />);
    await screen.findByTestId('bulk-detail');
    expect(screen.getByTestId('bulk-unlock').textContent).toBe('2026-12-03');
    expect(screen.getByText(/Overflow price = market price now − block price/)).toBeTruthy();
    expect(screen.getByTestId('bulk-qty').textContent).toBe('100');
    expect(screen.getByTestId('bulk-cost').textContent).toContain('18,000.00');
    fireEvent.click(screen.getByTestId('bulk-more'));
    await waitFor(() => expect(screen.getByTestId('bulk-qty').textContent).toBe('200'));
    expect(screen.getByTestId('bulk-cost').textContent).toContain('36,000.00');
    expect((screen.getByTestId('bulk-more') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a sold-out block cannot be bought', async () => {
    answerDetail((c) =>
      c.path === 'stock/bulk/info' ? ok(block({ state: 'sold_out', sold: 1000, remaining: 0 })) : undefined,
    );
    renderScreen('/pages/stockBulk/bulkDetail?id=5', <BulkDetailPage />);
    await screen.findByTestId('bulk-detail');
    expect((screen.getByTestId('bulk-buy') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('This block is not on offer now.')).toBeTruthy();
  });
});

describe('BulkOrderPage', () => {
  it('shows the allocated quantity, the total paid and the lock date', async () => {
    answerAll((c) =>
      c.path === 'stock/order/trade/list' ? ok({ list: [order], total: 1, page: 1, size: 20 }) : undefined,
    );
    renderScreen('/pages/stockBulk/bulkOrder', <BulkOrderPage />);
    const card = await screen.findByTestId('bulk-order');
    expect(within(card).getByTestId('bulk-order-qty').textContent).toBe('200');
    expect(within(card).getByTestId('bulk-order-total').textContent).toContain('36,072.50');
    expect(within(card).getByTestId('bulk-order-unlock').textContent).toBe('2026-12-03');
    expect(within(card).getByTestId('bulk-order-lock').textContent).toBe('Locked');
  });

  it('says so when there are none', async () => {
    answerAll((c) =>
      c.path === 'stock/order/trade/list' ? ok({ list: [], total: 0, page: 1, size: 20 }) : undefined,
    );
    renderScreen('/pages/stockBulk/bulkOrder', <BulkOrderPage />);
    expect(await screen.findByTestId('bulk-orders-empty')).toBeTruthy();
  });
});
