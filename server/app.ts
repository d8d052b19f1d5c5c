// Builds the Fastify app: cross-cutting plugins in a visible order, then the API under /api/, then the
// built client with history-mode fallback. Tests call buildApp with a temp DATA_DIR and use app.inject.
import { setHashCost } from './domain/auth/password-hash.ts';
import { depositsPlugin } from './plugins/deposits.ts';
import { ipoPaymentsPlugin } from './plugins/ipo-payments.ts';
// ---- votes (h-vote)
import { voteNoticesPlugin } from './plugins/vote-notices.ts';
// ---- ipo auto-apply (issue 17 §3)
import { ipoAutoApplyPlugin } from './plugins/ipo-auto-apply.ts';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import { clusterName } from './domain/cluster/cluster-name.ts';
import type { SmsGateway } from './domain/sms/sms-gateway.ts';
import { apiCompressionOptions } from './plugins/api-compression.ts';
import { authPlugin } from './plugins/auth.ts';
import { autoNewsPlugin } from './plugins/auto-news.ts';
import { busPlugin } from './plugins/bus.ts';
import { configPlugin } from './plugins/config.ts';
import { dbPlugin } from './plugins/db.ts';
import { clientError, envelopePlugin, frameworkError } from './plugins/envelope.ts';
import { ledgerPlugin } from './plugins/ledger.ts';
import { lockoutsPlugin } from './plugins/lockouts.ts';
import { floodGuardPlugin, limitersPlugin } from './plugins/limits.ts';
import { marketPlugin } from './plugins/market.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { redisPlugin } from './plugins/redis.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionEventsPlugin } from './plugins/session-events.ts';
import { sessionPurgePlugin } from './plugins/session-purge.ts';
import { smsPlugin } from './plugins/sms.ts';
import { fontPreloadPlugin } from './plugins/font-preload.ts';
import { staticAppPlugin } from './plugins/static-app.ts';
import { tradingPlugin } from './plugins/trading.ts';
import { spotPlugin } from './plugins/spot.ts';
import { perpPlugin } from './plugins/perp.ts';
// ---- robots
import { robotsPlugin } from './plugins/robots.ts';
// ---- funds
import { fundsPlugin } from './plugins/funds.ts';
// ---- options
import { optionsPlugin } from './plugins/options.ts';
import { translatorPlugin } from './plugins/translator.ts';
import { websocketsPlugin } from './plugins/websockets.ts';
import { consoleApi } from './routes/console/index.ts';
import { serviceChatPlugin } from './plugins/service-chat.ts';
import { serviceScriptCspPlugin } from './plugins/service-script-csp.ts';
import { apiAreas } from './routes/index.ts';
// ---- alerts (h-alerts)
import { alertsPlugin } from './plugins/alerts.ts';

export interface BuildAppOptions {
  config: Config;
  /** Pino logging (default off, for tests); main.ts turns it on. */
  logger?: boolean;
  /** Where the log goes when `logger` is on (default stdout); tests read it to prove what is never logged. */
  logStream?: NodeJS.WritableStream;
  /** A real SMS provider; without one, messages go to the dev outbox table (sms-gateway.ts). */
  smsGateway?: SmsGateway;
  /** Sees every route as it is added; tests collect each call's response schema to check every answer. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  setHashCost(config.passwordHashLog2n);
  const app = Fastify({
    logger: opts.logger ? { level: 'info', ...(opts.logStream ? { stream: opts.logStream } : {}) } : false,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Opening the market restores or backfills its history (on PostgreSQL several seconds on a loaded 2-core
    // machine, close to Fastify's default 10 s): a slow start must be a slow start, not a failed one.
    pluginTimeout: 60_000,
    ajv: {
      // Values are strings as sent: no coercion, so an array (a key sent twice) fails a string schema.
      customOptions: { coerceTypes: false, removeAdditional: true, useDefaults: true, allErrors: false },
    },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  // Root plugins (fastify-plugin: their decorators reach every area), each naming the plugins it needs
  // (`dependencies`), so a wrong order fails the start with the missing name. Services are built here, once;
  // route plugins only use them.
  // 1. The configuration, read once by the caller; headers and language first, so every answer (errors and
  // 404s included) has them.
  await app.register(configPlugin, { config });
  await app.register(securityHeadersPlugin);
  await app.register(translatorPlugin);
  // 2. The envelope: error handler and serialisation for everything below.
  await app.register(envelopePlugin);
  // 3. Bodies: only UTF-8 form encoding (no JSON: it cannot refuse duplicate keys).
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // 4. Storage (the database; Redis and the bus between nodes when several share it), sign-out news, outside
  // services, the named rate limiters and the lock-outs of guessed passwords.
  await app.register(dbPlugin);
  await app.register(redisPlugin);
  await app.register(busPlugin, { namespace: clusterName(config) });
  await app.register(sessionEventsPlugin);
  await app.register(sessionPurgePlugin);
  await app.register(smsPlugin, { gateway: opts.smsGateway });
  await app.register(limitersPlugin);
  await app.register(lockoutsPlugin);
  // 5. The shared services of the areas: the ledger, the market feed, the trading engine on both.
  await app.register(ledgerPlugin);
  await app.register(marketPlugin);
  await app.register(tradingPlugin);
  await app.register(spotPlugin);
  await app.register(perpPlugin);
  // ---- robots: the runner, leader only, on the market steps after trading
  await app.register(robotsPlugin);
  // ---- funds: the fund runner (closes, rebalancing), leader only, beside the robots
  await app.register(fundsPlugin);
  // ---- options (issue 17 §6): the settlement of expired options, leader only
  await app.register(optionsPlugin);
  await app.register(depositsPlugin);
  await app.register(autoNewsPlugin);
  // service chat (issue 19): its bus fan-out and limits
  await app.register(serviceChatPlugin);
  await app.register(serviceScriptCspPlugin);
  await app.register(ipoPaymentsPlugin);
  // ---- ipo auto-apply: the opening pass of automatic IPO subscription, leader only
  await app.register(ipoAutoApplyPlugin);
  // ---- alerts (h-alerts): price alerts on the leader's market steps, Web Push queue, VAPID keys
  await app.register(alertsPlugin);
  // ---- votes (h-vote): the holders' messages when voting opens and when results are out, leader only
  await app.register(voteNoticesPlugin);
  // 6. OpenAPI collects every route registered after it; WebSocket support with its limits (plugins/websockets.ts).
  await app.register(openApiPlugin);
  await app.register(websocketsPlugin);
  // 7. The API: JSON compressed above 1 KB (this scope only), per-IP flood guard, token → session, the areas.
  await app.register(
    async (api) => {
      await api.register(compress, apiCompressionOptions);
      await api.register(floodGuardPlugin);
      await api.register(authPlugin);
      api.addHook('preValidation', async (request) => {
        // A POST without a body is an empty form, so "required" errors name the missing fields.
        if (request.body === undefined || request.body === null) request.body = {};
      });
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      for (const area of apiAreas) await api.register(area.plugin);
    },
    { prefix: '/api' },
  );
  // 8. The operator console's API (its own operator sessions and roles: routes/console/), apart from /api.
  await app.register(consoleApi, { prefix: '/admin/api' });
  // 9. The built client and the history-mode fallback (also the JSON 404 for unknown /api paths).
  await app.register(fontPreloadPlugin);
  await app.register(staticAppPlugin);
  return app;
}
