// @vitest-environment jsdom
// The voting screens with the API answered by MSW: an open resolution shows its countdown and weight and sends
// the chosen option with its id (a change sends the new one); a closed one sits under Results with its weighted
// totals, the caller's vote marked and the turnout; an empty list says so; a failed read offers a retry; the
// notice page shows the full text of the resolution asked for by ?id=.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VoteResolution } from '../../../../contract/vote.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, ok, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: VotePage } = await import('../../../../src/features/vote/vote-page.tsx');
const { default: VoteNoticePage } = await import('../../../../src/features/vote/vote-notice-page.tsx');

const HOUR = 3_600_000;
const now = Date.now();
const resolution = (over: Partial<VoteResolution> = {}): VoteResolution => ({
  id: 11,
  symbol: 'ENGRO',
  meeting: 'agm',
  title: 'Adopt the annual accounts',
  body: '',
  options: ['For', 'Against', 'Abstain'],
  recordAt: now - HOUR,
  deadlineAt: now + HOUR,
  state: 'open',
  shares: '1500',
  myChoice: null,
  votedAt: null,
  changes: 0,
  results: null,
  ...over,
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
  unbind();
  cleanup();
  calls.length = 0;
});

describe('VotePage', () => {
  it('shows an open resolution with its countdown and weight, and votes with the chosen option', async () => {
    let mine: number | null = null;
    answerAll((c) => {
      if (c.path === 'index/vote/info')
        return ok({ list: [resolution({ myChoice: mine })], serverTime: now });
      if (c.path === 'vote') {
        mine = Number(c.body.get('option'));
        return ok(resolution({ myChoice: mine }));
      }
      return undefined;
    });
    renderScreen('/pages/stock/vote', <VotePage />);
    const card = await screen.findByTestId('vote-card');
    expect(within(card).getByTestId('vote-shares').textContent).toBe('1,500');
    expect(within(card).getByTestId('vote-countdown').textContent).toMatch(/^Closes in .*\d\d:\d\d:\d\d/);
    const submit = within(card).getByTestId('vote-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(card).getByLabelText('Against'));
    fireEvent.click(submit);
    await waitFor(() => {
      const post = calls.find((c) => c.path === 'vote');
      expect(post?.body.get('id')).toBe('11');
      expect(post?.body.get('option')).toBe('1');
    });
    await waitFor(() => expect(card.getAttribute('data-choice')).toBe('1'));
    expect(within(card).getByTestId('vote-submit').textContent).toBe('Change vote');
  });

  it('lists a closed resolution under Results with the weighted totals and the turnout', async () => {
    answerAll((c) =>
      c.path === 'index/vote/info'
        ? ok({
            list: [
              resolution({
                state: 'closed',
                deadlineAt: now - 1,
                myChoice: 0,
                results: {
                  totals: ['1500', '500', '0'],
                  voted: '2000',
                  eligible: '8000',
                  voters: 2,
                  turnoutBp: 2500,
                },
              }),
            ],
            serverTime: now,
          })
        : undefined,
    );
    renderScreen('/pages/stock/vote?tab=closed', <VotePage />);
    const results = await screen.findByTestId('vote-results');
    expect(within(results).getByTestId('vote-result-0-shares').textContent).toBe('1,500 shares · 75.0%');
    expect(within(results).getByTestId('vote-result-0').getAttribute('data-mine')).toBe('yes');
    expect(within(results).getByTestId('vote-turnout').textContent).toBe(
      'Turnout 25.00% (2,000 of 8,000 shares; holders who voted: 2)',
    );
    expect(screen.queryByTestId('vote-submit')).toBeNull();
  });

  it('says so when there is nothing to vote on, and offers a retry when the read fails', async () => {
    let fail = true;
    answerAll((c) => {
      if (c.path !== 'index/vote/info') return undefined;
      if (fail) return Response.json({ code: 500, msg: 'busy', data: null });
      return ok({ list: [], serverTime: now });
    });
    renderScreen('/pages/stock/vote', <VotePage />);
    const retry = await screen.findByTestId('error-retry', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(retry).getByRole('button'));
    expect(await screen.findByTestId('vote-empty')).toBeTruthy();
  });
});

describe('VoteNoticePage', () => {
  it('shows the full notice of the resolution asked for', async () => {
    answerAll((c) =>
      c.path === 'index/vote/info' && c.query.get('id') === '11'
        ? ok({ list: [resolution({ body: 'The full text' })], serverTime: now })
        : undefined,
    );
    renderScreen('/pages/stock/voteUrl?id=11', <VoteNoticePage />);
    expect((await screen.findByTestId('vote-notice-body')).textContent).toBe('The full text');
    expect(screen.getByTestId('vote-notice-title').textContent).toBe('Adopt the annual accounts');
  });
});
