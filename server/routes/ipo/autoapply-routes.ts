// Automatic IPO subscription (issue 17 §3; contract/ipo-auto.ts): GET user/autoapply reads the caller's
// account's switch, its cap and the last automatic decisions; POST user/update/autoapply sets the switch and
// the cap. Both are the token's account only (real and demo each their own switch). The opening pass is
// domain/ipo/auto-apply.ts, run by the leader (plugins/ipo-auto-apply.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AutoApplyBody, AutoApplyReply } from '../../../contract/ipo-auto.ts';
import { noFields } from '../../../contract/form-fields.ts';
import { parseMinor } from '../../../contract/money.ts';
import { autoApplyOffered, readAutoApply, setAutoApply } from '../../domain/ipo/auto-apply.ts';
import { AppError, fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const tags = ['user'];

export const autoApplyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/autoapply',
    {
      schema: {
        tags,
        summary: 'The account’s automatic IPO subscription: switch, cap, last decisions',
        description: 'Not in the spec catalogue: what /pages/user/ipoSwitch shows. See contract/ipo-auto.ts.',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: AutoApplyReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return ok(await readAutoApply(app.db, auth.accountId, auth.accountType));
    },
  );

  app.post(
    '/user/update/autoapply',
    {
      schema: {
        tags,
        summary: 'Turn automatic IPO subscription on or off for the account, with an optional PKR cap',
        description:
          'enabled 1 or 0; maxAmount (PKR, optional, empty: no cap) limits the money one automatic application ' +
          'may block. Refused while the broker does not offer the feature (openAutoApply 0). Answers the state.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: AutoApplyBody,
        response: AutoApplyReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      let cap: bigint | null = null;
      if (b.maxAmount !== undefined && b.maxAmount !== '') {
        cap = parseMinor(b.maxAmount, 2);
        if (cap === null || cap <= 0n) throw fieldError('maxAmount', 'ipo.autoCapZero');
      }
      if (b.enabled === '1' && (await autoApplyOffered(app.db)) === 0)
        throw new AppError('ipo.autoNotOffered');
      await setAutoApply(app.db, auth, b.enabled === '1', cap, Date.now());
      return ok(await readAutoApply(app.db, auth.accountId, auth.accountType));
    },
  );
};
