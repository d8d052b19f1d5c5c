// Shareholder voting (issue 17 §8; contract/vote.ts says what each call means): `vote` casts or changes the
// caller's ballot, `index/vote/info` lists the caller's resolutions (or one, with its notice text). Every read
// and write is the caller's account's: a resolution of a company the account never held reads like a missing
// one, and a ballot is only ever the caller's own.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  VoteBody,
  VoteInfoQuery,
  VoteInfoReply,
  VoteReply,
  type VoteResolution,
} from '../../../contract/vote.ts';
import type { Db } from '../../db/database.ts';
import {
  castBallot,
  optionsOf,
  resolutionFor,
  resolutionsFor,
  resultsOf,
  VoteError,
  voteState,
  type AccountResolution,
  type VoteRefusal,
} from '../../domain/vote/vote-repo.ts';
import { AppError, fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const tags = ['stock market'];

export const VOTE_REFUSAL: Record<VoteRefusal, string> = {
  notFound: 'vote:errors.notFound',
  notOpen: 'vote:errors.notOpen',
  closed: 'vote:errors.closed',
  notHolder: 'vote:errors.notHolder',
  badOption: 'vote:errors.badOption',
  badResolution: 'vote:errors.badResolution',
};

export async function toWire(
  db: Db,
  request: FastifyRequest,
  accountType: 'real' | 'demo',
  a: AccountResolution,
  now: number,
  withBody: boolean,
): Promise<VoteResolution> {
  const r = a.resolution;
  const ur = request.lang.startsWith('ur');
  const state = voteState(r, now);
  const results = state === 'closed' ? await resultsOf(db, r, accountType) : null;
  return {
    id: r.id,
    symbol: r.symbol,
    meeting: r.meeting,
    title: ur ? r.title_ur : r.title_en,
    body: withBody ? (ur ? r.body_ur : r.body_en) : '',
    options: optionsOf(r).map((o) => (ur ? o.ur : o.en)),
    recordAt: r.record_at,
    deadlineAt: r.deadline_at,
    state,
    shares: a.shares.toString(),
    myChoice: a.ballot?.choice ?? null,
    votedAt: a.ballot?.updated_at ?? null,
    changes: a.ballot?.changes ?? 0,
    results: results && {
      totals: results.totals.map(String),
      voted: results.voted.toString(),
      eligible: results.eligible.toString(),
      voters: results.voters,
      turnoutBp: results.turnoutBp,
    },
  };
}

export const voteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/vote',
    {
      schema: {
        tags,
        summary: 'Cast or change the caller’s ballot on a resolution',
        description:
          'Refused unless the resolution is open (record date passed, deadline not), the calling account held ' +
          'the company’s shares at the record date, and `option` is one of its options. One ballot per account ' +
          'per resolution: a second call changes it (the same call sent many times is one ballot). The weight ' +
          'is the shares held at the record date.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: VoteBody,
        response: VoteReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const now = Date.now();
      try {
        const { resolution, ballot } = await castBallot(
          app.db,
          { userId: auth.userId, accountId: auth.accountId, accountType: auth.accountType },
          Number(request.body.id),
          Number(request.body.option),
          now,
        );
        const shares = ballot.qty;
        return ok(
          await toWire(app.db, request, auth.accountType, { resolution, shares, ballot }, now, false),
        );
      } catch (e) {
        if (e instanceof VoteError) {
          if (e.reason === 'badOption') throw fieldError('option', VOTE_REFUSAL.badOption);
          throw new AppError(VOTE_REFUSAL[e.reason]);
        }
        throw e;
      }
    },
  );

  app.get(
    '/index/vote/info',
    {
      schema: {
        tags,
        summary: 'The caller’s resolutions, or one of them with its notice text',
        description:
          'Without `id`: resolutions of companies the account holds now (upcoming) or held at the record date ' +
          '(open, and closed ones of the last 180 days), the nearest deadline last. With `id`: that one, with ' +
          'its full notice text (refused as not found if the account never held the company). Results ' +
          '(weighted totals and turnout among accounts of the caller’s kind) only after the deadline.',
        security: NEEDS_TOKEN,
        querystring: VoteInfoQuery,
        response: VoteInfoReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const now = Date.now();
      if (request.query.id !== undefined) {
        const one = await resolutionFor(app.db, auth.accountId, Number(request.query.id), now);
        if (!one) throw new AppError(VOTE_REFUSAL.notFound);
        return ok({
          list: [await toWire(app.db, request, auth.accountType, one, now, true)],
          serverTime: now,
        });
      }
      const all = await resolutionsFor(app.db, auth.accountId, now);
      const list: VoteResolution[] = [];
      for (const a of all) list.push(await toWire(app.db, request, auth.accountType, a, now, false));
      return ok({ list, serverTime: now });
    },
  );
};
