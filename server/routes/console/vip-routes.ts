// The stock strategy service switch ("activated through customer service", issue 18 item 2): GET and POST
// /admin/api/vip/strategy (support, admin may do all). The switch is a per-user flag of vip_memberships; each
// change is written with its audit entry in one transaction (action vip.strategy, before and after).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { VipStrategyBody, VipStrategyQuery, VipStrategyReply } from '../../../contract/vip.ts';
import { inTx } from '../../db/tx.ts';
import { recordAudit } from '../../domain/audit/audit-log.ts';
import { findUserById } from '../../domain/auth/users-repo.ts';
import { readMembership, setStrategyService } from '../../domain/vip/vip-repo.ts';
import { fieldError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { actorOf } from './console-auth.ts';

const roles = { auth: 'public' as const, consoleRoles: ['support' as const] };

export const consoleVipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const userOf = async (text: string) => {
    const id = Number(text);
    if (!Number.isSafeInteger(id) || !(await findUserById(app.db, id)))
      throw fieldError('userId', 'vip.console.notFound');
    return id;
  };

  app.get(
    '/vip/strategy',
    {
      config: roles,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Whether the user’s stock strategy service is on',
        querystring: VipStrategyQuery,
        response: VipStrategyReply,
      },
    },
    async (request) => {
      const userId = await userOf(request.query.userId);
      return ok({ userId, strategyService: (await readMembership(app.db, userId)).strategyService });
    },
  );

  app.post(
    '/vip/strategy',
    {
      config: roles,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Switch the user’s stock strategy service on or off (audited)',
        consumes: FORM,
        body: VipStrategyBody,
        response: VipStrategyReply,
      },
    },
    async (request) => {
      const userId = await userOf(request.body.userId);
      const on = request.body.on === 'yes';
      const actor = actorOf(request);
      const now = Date.now();
      await inTx(app.db, async (tx) => {
        const before = await setStrategyService(tx, userId, on, now);
        await recordAudit(tx, {
          actor,
          action: 'vip.strategy',
          subjectType: 'user',
          subjectId: String(userId),
          before: { strategyService: before },
          after: { strategyService: on },
          now,
        });
      });
      return ok({ userId, strategyService: on });
    },
  );
};
