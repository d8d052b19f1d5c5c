// GET common/props and GET common/prop: the public platform settings (hours, minimums, maximums, fees, the
// deposit channels and crypto rules), and for each minimum and maximum the spec's `{0}` template in the
// request's language. Public: the app shows the limits before login too.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PropQuery,
  PropReply,
  PropsQuery,
  PropsReply,
  PublicSettings,
  type LimitTemplate,
  type PublicSettingKey,
  type PublicSettings as PublicSettingsT,
} from '../../../contract/settings.ts';
import { SETTINGS } from '../../domain/settings/registry.ts';
import { readSettings } from '../../domain/settings/settings-repo.ts';
import { fieldError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';

const PUBLIC_KEYS = Object.keys(PublicSettings.properties) as PublicSettingKey[];

/** The keys that have a `{0}` template (recharge.json `limits.<key>`): the minimums and maximums. */
export const TEMPLATED_KEYS: readonly PublicSettingKey[] = PUBLIC_KEYS.filter((k) =>
  /\.(min|max|dailyMax|feeMin)$/.test(k),
);

export function isPublicKey(key: string): key is PublicSettingKey {
  return (PUBLIC_KEYS as string[]).includes(key) && SETTINGS[key as PublicSettingKey].public;
}

export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/common/props',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['common'],
        summary: 'Every public platform setting, with the {0} templates of the limits',
        querystring: PropsQuery,
        response: PropsReply,
      },
    },
    async (request) => {
      const all = await readSettings(app.db);
      const values = Object.fromEntries(PUBLIC_KEYS.map((k) => [k, all[k]])) as PublicSettingsT;
      const templates: LimitTemplate[] = TEMPLATED_KEYS.map((key) => ({
        key,
        template: request.t(`recharge:limits.${key}`),
        value: String(all[key]),
      }));
      return ok({ values, templates });
    },
  );

  app.get(
    '/common/prop',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['common'],
        summary: 'One public platform setting',
        querystring: PropQuery,
        response: PropReply,
      },
    },
    async (request) => {
      const key = request.query.key;
      if (!isPublicKey(key)) throw fieldError('key', 'deposit.unknownSetting');
      const value = (await readSettings(app.db))[key];
      return ok({
        key,
        value,
        ...(TEMPLATED_KEYS.includes(key) ? { template: request.t(`recharge:limits.${key}`) } : {}),
      });
    },
  );
};
