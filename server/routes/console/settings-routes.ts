// GET /admin/api/settings: every key of SETTINGS with its doc, type and current value (admin, finance).
// POST /admin/api/settings: one key's new value (JSON) through writeSetting + recordAudit in one transaction;
// admin for any key, finance only for money keys (deposit.*, withdraw.*, crypto.withdraw*).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ConsoleDoneReply, SettingsReply, SettingWriteBody } from '../../../contract/console.ts';
import { inTx } from '../../db/tx.ts';
import { recordAudit } from '../../domain/audit/audit-log.ts';
import { mayAct } from '../../domain/console/roles.ts';
import { SETTINGS, isSettingKey } from '../../domain/settings/registry.ts';
import { readSettings, settingProblem, writeSetting } from '../../domain/settings/settings-repo.ts';
import { AppError, fieldError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { actorOf, operatorOf } from './console-auth.ts';

/** Keys finance may change besides admin: the money rules of deposits and withdrawals, PKR and crypto. */
export const isMoneySetting = (key: string) =>
  key.startsWith('deposit.') || key.startsWith('withdraw.') || key.startsWith('crypto.withdraw');

export const consoleSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/settings',
    {
      config: { auth: 'public', consoleRoles: ['finance'] },
      schema: { tags: ['console'], hide: true, summary: 'Every platform setting', response: SettingsReply },
    },
    async () => {
      const values = (await readSettings(app.db)) as Record<string, unknown>;
      return ok(
        Object.entries(SETTINGS).map(([key, d]) => ({
          key,
          doc: d.doc,
          type: JSON.stringify(d.schema),
          value: JSON.stringify(values[key]),
          money: isMoneySetting(key),
        })),
      );
    },
  );

  app.post(
    '/settings',
    {
      config: { auth: 'public', consoleRoles: ['finance'] },
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Change one setting (audited)',
        consumes: FORM,
        body: SettingWriteBody,
        response: ConsoleDoneReply,
      },
    },
    async (request) => {
      const { key, value: text } = request.body;
      if (!isSettingKey(key)) throw fieldError('key', 'console.settingUnknown');
      const op = operatorOf(request);
      if (!isMoneySetting(key) && !mayAct(op.roles, ['admin'])) throw new AppError('console.forbidden');
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw fieldError('value', 'console.settingInvalid');
      }
      if (settingProblem(key, value) !== null) throw fieldError('value', 'console.settingInvalid');
      const actor = actorOf(request);
      const now = Date.now();
      await inTx(app.db, async (tx) => {
        const { before, after } = await writeSetting(tx, key, value, op.id, now);
        await recordAudit(tx, {
          actor,
          action: 'settings.write',
          subjectType: 'setting',
          subjectId: key,
          before,
          after,
          now,
        });
      });
      return ok(null);
    },
  );
};
