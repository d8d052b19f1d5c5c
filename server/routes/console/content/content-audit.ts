// One audited write of the console's content pages: the change and its audit entry in one transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { inTx } from '../../../db/tx.ts';
import { recordAudit } from '../../../domain/audit/audit-log.ts';
import { actorOf } from '../console-auth.ts';

/** Support operators and admins write content (admin always may). */
export const CONTENT_ROLES = ['support'] as const;

export async function auditedWrite<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  what: { action: string; subjectType: string },
  work: (tx: Db, now: number) => Promise<{ id: number | string; before: unknown; after: T }>,
): Promise<T> {
  const actor = actorOf(request);
  const now = Date.now();
  return inTx(app.db, async (tx) => {
    const r = await work(tx, now);
    await recordAudit(tx, { actor, ...what, subjectId: r.id, before: r.before, after: r.after, now });
    return r.after;
  });
}
