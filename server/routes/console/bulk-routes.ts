// The console's block trades (finance, admin): GET /bulk/blocks (every block, newest first), POST /bulk/blocks
// (create), POST /bulk/blocks/close (end a block's window now) and GET /bulk/blocks/buyers?id= (the block and
// who bought it). Rules and audit rows: domain/bulk/bulk-operator.ts; refusals become localised -1001 answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkBlockReply,
  BulkConsoleBlockReply,
  BulkConsoleListReply,
  BulkCreateBody,
  BulkIdBody,
  BulkInfoQuery,
} from '../../../contract/bulk.ts';
import { noFields } from '../../../contract/form-fields.ts';
import {
  BulkOperatorError,
  buyersOf,
  closeBlock,
  createBlock,
  type BulkOperatorRefusal,
} from '../../domain/bulk/bulk-operator.ts';
import { findBlock, toBlock } from '../../domain/bulk/bulk-repo.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { actorOf } from './console-auth.ts';

const config = { auth: 'public' as const, consoleRoles: ['finance' as const] };
const tags = ['console'];

async function localised<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof BulkOperatorError)
      throw new AppError(`bulk.console.${e.reason satisfies BulkOperatorRefusal}`);
    throw e;
  }
}

export const consoleBulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bulk/blocks',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Every block, newest first',
        querystring: noFields,
        response: BulkConsoleListReply,
      },
    },
    async () => {
      const rows = await app.db
        .selectFrom('bulk_blocks')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      const now = Date.now();
      return ok(rows.map((r) => toBlock(r, app.market, now)));
    },
  );

  app.post(
    '/bulk/blocks',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Create a block (audited)',
        consumes: FORM,
        body: BulkCreateBody,
        response: BulkBlockReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const row = await localised(() => createBlock(app.db, app.market, actorOf(request), request.body, now));
      return ok(toBlock(row, app.market, now));
    },
  );

  app.post(
    '/bulk/blocks/close',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: "End a block's window now (audited)",
        consumes: FORM,
        body: BulkIdBody,
        response: BulkBlockReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const row = await localised(() => closeBlock(app.db, actorOf(request), Number(request.body.id), now));
      return ok(toBlock(row, app.market, now));
    },
  );

  app.get(
    '/bulk/blocks/buyers',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'One block and who bought it',
        querystring: BulkInfoQuery,
        response: BulkConsoleBlockReply,
      },
    },
    async (request) => {
      const row = await findBlock(app.db, Number(request.query.id));
      if (!row) throw new AppError('bulk.console.unknownBlock');
      return ok({ block: toBlock(row, app.market, Date.now()), buyers: await buyersOf(app.db, row.id) });
    },
  );
};
