// @vitest-environment jsdom
// The IPO screens with the API answered by MSW: the hub (today's new shares, offerings by state: a tab asks
// stock/new/list with its state, upcoming asks list/coming; an error offers a retry; an empty state says so)
// and the records (an applied application shows what is frozen and cancels with its id; none: the empty state).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IpoApplication, IpoOffering } from '../../../../contract/ipo.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, ok } from '../../support/msw.ts';
import { useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: IpoHubPage } = await import('../../../../src/features/ipo/ipo-hub-page.tsx');
const { default: IpoRecordsPage } = await import('../../../../src/features/ipo/ipo-records-page.tsx');

const HOUR = 3_600_000;
const now = Date.now();
const offering = (over: Partial<IpoOffering> = {}): IpoOffering => ({
  id: 7,
  symbol: 'IDAIRY',
  company: 'Indus Dairies Limited',
  sector: 'Food',
  shariah: true,
  state: 'subscribing',
  price: '12.50',
  priceFloor: '',
  priceCap: '',
  totalShares: 20000,
  retailShares: 5000,
  lot: 500,
  minQty: 500,
  maxQty: 5000,
  opensAt: now - HOUR,
  closesAt: now + HOUR,
  allotAt: now + 2 * HOUR,
  payBy: now + 3 * HOUR,
  listAt: now + 4 * HOUR,
  prospectus: 'A dairy.',
  appliedQty: 0,
  applicants: 0,
  rule: 'ballot-then-pro-rata/v1',
  ruleText: 'rule',
  seed: '',
  oversubscription: '',
  allottedQty: 0,
  allottedAt: null,
  listedAt: null,
  ...over,
});
const application: IpoApplication = {
  id: 3,
  clientId: 'client-0001',
  offeringId: 7,
  symbol: 'IDAIRY',
  company: 'Indus Dairies Limited',
  state: 'applied',
  price: '12.50',
  qty: 1000,
  lots: 2,
  wonQty: 0,
  frozen: '12500.00',
  refunded: '0.00',
  paid: '0.00',
  autoPaid: false,
  closesAt: now + HOUR,
  payBy: now + 3 * HOUR,
  allotAt: now + 2 * HOUR,
  listAt: now + 4 * HOUR,
  listed: false,
  createdAt: now - 60_000,
  updatedAt: now - 60_000,
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

describe('IpoHubPage', () => {
  it("shows today's new shares and the open offerings; a tab asks for its state", async () => {
    answerAll((c) => {
      if (c.path === 'stock/new/today') return ok([]);
      if (c.path === 'stock/new/list') return ok([offering({ state: c.query.get('state') as never })]);
      if (c.path === 'stock/new/list/coming') return ok([]);
      return undefined;
    });
    renderScreen('/pages/tabbar/ipo', <IpoHubPage />);
    const list = await screen.findByTestId('ipo-list');
    expect(within(list).getByText('Indus Dairies Limited')).toBeTruthy();
    expect(within(list).getByTestId('ipo-state').textContent).toBe('Subscribing');
    // The time left until the window closes (an hour from the fixture's now), digits isolated left-to-right.
    expect(within(list).getByTestId('ipo-countdown').textContent).toMatch(
      /^Subscription closes in \u2066(00:59:\d\d|01:00:00)\u2069$/,
    );
    expect(await screen.findByText('No subscription opens or closes today.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ipo-tab-listed'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'stock/new/list' && c.query.get('state') === 'listed')).toBe(true),
    );
    // A listed offering has no next step to count down to.
    await waitFor(() => expect(screen.getByTestId('ipo-state').textContent).toBe('Listed'));
    expect(screen.queryByTestId('ipo-countdown')).toBeNull();
    fireEvent.click(screen.getByTestId('ipo-tab-upcoming'));
    expect(await screen.findByTestId('ipo-empty')).toBeTruthy();
    expect(calls.some((c) => c.path === 'stock/new/list/coming')).toBe(true);
  });

  it('offers a retry when the list fails', async () => {
    let fail = true;
    answerAll((c) => {
      if (c.path === 'stock/new/today') return ok([]);
      if (fail) return Response.json({ code: 500, msg: 'busy', data: null });
      return ok([offering()]);
    });
    renderScreen('/pages/tabbar/ipo', <IpoHubPage />);
    const retry = await screen.findByTestId('error-retry', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(retry).getByRole('button'));
    expect(await screen.findByTestId('ipo-list')).toBeTruthy();
  });
});

describe('IpoRecordsPage', () => {
  it('shows an applied application with its frozen money and cancels it by id', async () => {
    answerAll((c) => {
      if (c.path === 'stock/order/new/list') return ok({ list: [application], total: 1, page: 1, size: 20 });
      if (c.path === 'stock/order/new/apply')
        return ok({ ...application, state: 'cancelled', frozen: '0.00' });
      return undefined;
    });
    renderScreen('/pages/stockIPO/list', <IpoRecordsPage />);
    const card = await screen.findByTestId('ipo-application');
    expect(within(card).getByTestId('ipo-app-frozen').textContent).toContain('12,500.00');
    fireEvent.click(within(card).getByTestId('ipo-cancel'));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel application' }));
    await waitFor(() => {
      const post = calls.find((c) => c.path === 'stock/order/new/apply');
      expect(post?.body.get('action')).toBe('cancel');
      expect(post?.body.get('applicationId')).toBe('3');
    });
  });

  it('says so when there are no applications', async () => {
    answerAll((c) =>
      c.path === 'stock/order/new/list' ? ok({ list: [], total: 0, page: 1, size: 20 }) : undefined,
    );
    renderScreen('/pages/stockIPO/list', <IpoRecordsPage />);
    expect(await screen.findByTestId('ipo-records-empty')).toBeTruthy();
  });
});
