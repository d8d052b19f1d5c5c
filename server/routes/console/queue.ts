// A review queue of the console, generic: one object per queue (KYC submissions now; deposits and withdrawals
// next) gives list, detail, approve and reject, and queueRoutes turns it into
//   GET  /admin/api/queues/<name>?before=&status=   newest or oldest first, as the queue decides
//   GET  /admin/api/queues/<name>/<id>
//   POST /admin/api/queues/<name>/<id>/approve      reference (optional unless the queue needs one)
//   POST /admin/api/queues/<name>/<id>/reject       reason (3–200 characters)
// each checked against the queue's roles. Adding a queue: one file in queues/ exporting a ConsoleQueue, listed
// in CONSOLE_QUEUES (index.ts), and one entry in src/admin/queues.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ApproveBody,
  ConsoleDoneReply,
  QueueIdParams,
  QueueItemReply,
  QueueListQuery,
  QueueListReply,
  RejectBody,
  type QueueItem,
} from '../../../contract/console.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../domain/audit/audit-log.ts';
import type { Role } from '../../domain/console/roles.ts';
import { AppError, fieldError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { actorOf } from './console-auth.ts';

export const QUEUE_PAGE = 20;

export interface ConsoleQueue {
  /** URL segment: 'kyc', 'deposits', 'withdrawals' */
  name: string;
  /** who may see and decide it (admin always may) */
  roles: readonly Role[];
  /** whether approving needs a reference (a bank or chain reference for money queues) */
  approveNeedsReference: boolean;
  list(db: Db, q: { status?: string; beforeId?: number; limit: number }): Promise<QueueItem[]>;
  detail(db: Db, id: number): Promise<QueueItem | null>;
  approve(db: Db, actor: Actor, id: number, input: { reference: string }, now: number): Promise<unknown>;
  reject(db: Db, actor: Actor, id: number, input: { reason: string }, now: number): Promise<unknown>;
  /** more routes of this queue under /queues/<name> (e.g. the KYC photos) */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
}

export function queueRoutes(queue: ConsoleQueue): FastifyPluginAsyncTypebox {
  return async (app) => {
    const config = { auth: 'public' as const, consoleRoles: queue.roles };
    // Hidden from the app's public OpenAPI document: the console's surface is not advertised.
    const tags = ['console'];
    const hide = true;
    app.get(
      '/',
      {
        config,
        schema: {
          tags,
          hide,
          summary: `The ${queue.name} queue`,
          querystring: QueueListQuery,
          response: QueueListReply,
        },
      },
      async (request) => {
        const q = request.query;
        const list = await queue.list(app.db, {
          ...(q.status !== undefined ? { status: q.status } : {}),
          ...(q.before !== undefined ? { beforeId: Number(q.before) } : {}),
          limit: QUEUE_PAGE,
        });
        const last = list[list.length - 1];
        return ok({ list, next: list.length === QUEUE_PAGE && last ? last.id : null });
      },
    );
    app.get(
      '/:id',
      {
        config,
        schema: {
          tags,
          hide,
          summary: `One ${queue.name} item`,
          params: QueueIdParams,
          response: QueueItemReply,
        },
      },
      async (request) => {
        const item = await queue.detail(app.db, Number(request.params.id));
        if (!item) throw new AppError('console.notFound');
        return ok(item);
      },
    );
    app.post(
      '/:id/approve',
      {
        config,
        schema: {
          tags,
          hide,
          summary: `Approve a ${queue.name} item`,
          consumes: FORM,
          params: QueueIdParams,
          body: ApproveBody,
          response: ConsoleDoneReply,
        },
      },
      async (request) => {
        const reference = (request.body.reference ?? '').trim();
        if (queue.approveNeedsReference && reference.length < 3)
          throw fieldError('reference', 'console.referenceNeeded');
        await queue.approve(app.db, actorOf(request), Number(request.params.id), { reference }, Date.now());
        return ok(null);
      },
    );
    app.post(
      '/:id/reject',
      {
        config,
        schema: {
          tags,
          hide,
          summary: `Reject a ${queue.name} item`,
          consumes: FORM,
          params: QueueIdParams,
          body: RejectBody,
          response: ConsoleDoneReply,
        },
      },
      async (request) => {
        const reason = request.body.reason.trim();
        if (reason.length < 3) throw fieldError('reason', 'console.reasonLength', { min: 3, max: 200 });
        await queue.reject(app.db, actorOf(request), Number(request.params.id), { reason }, Date.now());
        return ok(null);
      },
    );
    if (queue.extraRoutes) await queue.extraRoutes(app);
  };
}
