// The API's route plugins, one entry per area module, all mounted under /api/ by app.ts in this order.
// To add an area, import its plugin and append it here. Each route declares
// `config: { auth: 'public' | 'optional' | 'required' }` (default 'required', see plugins/auth.ts), and its body or
// query string and its answer as schemas from contract/<area>.ts; handlers answer `ok(data)` or throw AppError.
import type { FastifyPluginAsync } from 'fastify';
import { captchaRoutes } from './common/captcha.ts';
import { codeSendRoutes } from './common/code-send.ts';
import { passwordResetRoutes } from './user/password-reset.ts';
import { profileRoutes } from './user/profile.ts';
import { registerRoutes } from './user/register.ts';
import { sessionRoutes } from './user/session.ts';

export interface ApiArea {
  name: string;
  plugin: FastifyPluginAsync;
}

export const apiAreas: readonly ApiArea[] = [
  { name: 'common/captcha', plugin: captchaRoutes },
  { name: 'common/code', plugin: codeSendRoutes },
  { name: 'user/register', plugin: registerRoutes },
  { name: 'user/session', plugin: sessionRoutes },
  { name: 'user/profile', plugin: profileRoutes },
  { name: 'user/password/reset', plugin: passwordResetRoutes },
  { name: 'market', plugin: (await import('./market/market-plugin.ts')).marketRoutes },
  { name: 'trade', plugin: (await import('./trade/trade-plugin.ts')).tradeRoutes },
];
