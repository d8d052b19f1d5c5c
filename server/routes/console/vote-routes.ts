// The console's shareholder voting (finance, admin): GET /vote/resolutions (every resolution, newest first, with
// the real and the demo result once closed) and POST /vote/resolutions (create one, audited in
// domain/vote/vote-repo.ts). Refusals become localised -1001 answers naming the broken rule.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noFields } from '../../../contract/form-fields.ts';
import {
  ConsoleResolutionListReply,
  ConsoleResolutionReply,
  VoteCreateBody,
  type ConsoleResolution,
  type VoteResults,
} from '../../../contract/vote.ts';
import type { Db } from '../../db/database.ts';
import { parseResolutionFields } from '../../domain/vote/resolution-input.ts';
import {
  createResolution,
  optionsOf,
  resultsOf,
  VoteError,
  voteState,
  type ResolutionRow,
} from '../../domain/vote/vote-repo.ts';
import type { Tally } from '../../domain/vote/vote-rules.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { actorOf } from './console-auth.ts';

const config = { auth: 'public' as const, consoleRoles: ['finance' as const] };
const tags = ['console'];

const wireTally = (t: Tally): VoteResults => ({
  totals: t.totals.map(String),
  voted: t.voted.toString(),
  eligible: t.eligible.toString(),
  voters: t.voters,
  turnoutBp: t.turnoutBp,
});

async function toConsole(db: Db, r: ResolutionRow, now: number): Promise<ConsoleResolution> {
  const state = voteState(r, now);
  const closed = state === 'closed';
  return {
    id: r.id,
    symbol: r.symbol,
    meeting: r.meeting,
    titleUr: r.title_ur,
    titleEn: r.title_en,
    options: optionsOf(r),
    recordAt: r.record_at,
    deadlineAt: r.deadline_at,
    state,
    real: closed ? wireTally(await resultsOf(db, r, 'real')) : null,
    demo: closed ? wireTally(await resultsOf(db, r, 'demo')) : null,
  };
}

export const consoleVoteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/vote/resolutions',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Every resolution, newest first, with the results once closed',
        querystring: noFields,
        response: ConsoleResolutionListReply,
      },
    },
    async () => {
      const now = Date.now();
      const rows = await app.db
        .selectFrom('vote_resolutions')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      const out: ConsoleResolution[] = [];
      for (const r of rows) out.push(await toConsole(app.db, r, now));
      return ok(out);
    },
  );

  app.post(
    '/vote/resolutions',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Put a resolution to a company’s holders (audited)',
        consumes: FORM,
        body: VoteCreateBody,
        response: ConsoleResolutionReply,
      },
    },
    async (request) => {
      const now = Date.now();
      try {
        const row = await createResolution(
          app.db,
          actorOf(request),
          parseResolutionFields(request.body),
          now,
        );
        return ok(await toConsole(app.db, row, now));
      } catch (e) {
        if (e instanceof VoteError) throw new AppError('vote:errors.badResolution', { detail: e.message });
        throw e;
      }
    },
  );
};
