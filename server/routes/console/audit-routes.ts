// GET /admin/api/audit: the operator audit log, newest first, by subject and/or operator (admin only). There is
// no route that writes, edits or deletes it: entries are only added by the actions they record.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditQuery, AuditReply } from '../../../contract/console.ts';
import { listAudit } from '../../domain/audit/audit-log.ts';
import { ok } from '../../plugins/envelope.ts';

const PAGE = 50;
const json = (v: unknown) => JSON.stringify(v ?? null);

export const consoleAuditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/audit',
    {
      config: { auth: 'public', consoleRoles: ['admin'] },
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'The audit log, newest first',
        querystring: AuditQuery,
        response: AuditReply,
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await listAudit(app.db, {
        ...(q.subjectType !== undefined ? { subjectType: q.subjectType } : {}),
        ...(q.subjectId !== undefined ? { subjectId: q.subjectId } : {}),
        ...(q.operatorId !== undefined ? { operatorId: Number(q.operatorId) } : {}),
        ...(q.before !== undefined ? { beforeId: Number(q.before) } : {}),
        limit: PAGE,
      });
      const list = rows.map((r) => ({ ...r, before: json(r.before), after: json(r.after) }));
      const last = list[list.length - 1];
      return ok({ list, next: list.length === PAGE && last ? last.id : null });
    },
  );
};
