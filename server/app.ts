// Builds the Fastify app: cross-cutting plugins in a visible order, then the API under /api/, then the
// built client with history-mode fallback. Tests call buildApp with a temp DATA_DIR and use app.inject.
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import { SessionEvents } from './domain/auth/session-events.ts';
import { clusterName } from './domain/cluster/cluster-name.ts';
import { loadSmsCodeKey } from './domain/sms/code-secret.ts';
import { DevOutboxGateway, type SmsGateway } from './domain/sms/sms-gateway.ts';
import { SmsCodeStore } from './domain/sms/sms-codes.ts';
import { apiCompressionOptions } from './plugins/api-compression.ts';
import { authPlugin } from './plugins/auth.ts';
import { busPlugin } from './plugins/bus.ts';
import { dbPlugin } from './plugins/db.ts';
import { clientError, envelopePlugin, frameworkError } from './plugins/envelope.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { lockoutsPlugin } from './plugins/lockouts.ts';
import { floodGuardPlugin, limitersPlugin } from './plugins/limits.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { redisPlugin } from './plugins/redis.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPurgePlugin } from './plugins/session-purge.ts';
import { staticAppPlugin } from './plugins/static-app.ts';
import { websocketsPlugin } from './plugins/websockets.ts';
import { apiAreas } from './routes/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    sms: SmsGateway;
    /** SMS verification codes (keyed hashes in sms_codes): issue in common/code/send, verify where used. */
    smsCodes: SmsCodeStore;
    /** Sign-outs and password changes, for the sockets of the sessions they end. */
    sessionEvents: SessionEvents;
  }
}

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
  const app = Fastify({
    logger: opts.logger ? { level: 'info', ...(opts.logStream ? { stream: opts.logStream } : {}) } : false,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: {
      // Values are strings as sent: no coercion, so an array (a key sent twice) fails a string schema.
      customOptions: { coerceTypes: false, removeAdditional: true, useDefaults: true, allErrors: false },
    },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.decorate('config', config);
  app.decorate('sessionEvents', new SessionEvents());

  // 1. Headers and language first, so every answer (errors and 404s included) has them.
  await app.register(securityHeadersPlugin, { connectOrigins: config.connectOrigins });
  await app.register(i18nPlugin);
  // 2. The envelope: error handler and serialisation for everything below.
  await app.register(envelopePlugin);
  // 3. Bodies: only UTF-8 form encoding (no JSON: it cannot refuse duplicate keys).
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // 4. Storage (the database; Redis and the bus between nodes when several share it), outside services, the
  // named rate limiters and the lock-outs of guessed passwords.
  await app.register(dbPlugin, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.dbPoolSize,
  });
  await app.register(redisPlugin, { url: config.redisUrl, nodeId: config.nodeId });
  await app.register(busPlugin, { namespace: clusterName(config) });
  const stopRelay = app.sessionEvents.relayThrough(app.bus);
  app.addHook('onClose', async () => stopRelay());
  await app.register(sessionPurgePlugin, { everyMs: config.sessionPurgeMin * 60_000 });
  const sms = opts.smsGateway ?? new DevOutboxGateway(app.db, app.log);
  app.decorate('sms', sms);
  // Texts are sent without waiting for them: the outbox stores the last ones before the database closes.
  if (sms instanceof DevOutboxGateway) app.addHook('onClose', () => sms.drained());
  app.decorate('smsCodes', new SmsCodeStore(app.db, loadSmsCodeKey(config.dataDir, config.smsCodeSecret)));
  await app.register(limitersPlugin, { config });
  await app.register(lockoutsPlugin, { config });
  // 5. OpenAPI collects every route registered after it; WebSocket support with its limits (plugins/websockets.ts).
  await app.register(openApiPlugin);
  await app.register(websocketsPlugin, { limits: config.sockets });
  // 6. The API: JSON compressed above 1 KB (this scope only), per-IP flood guard, token → session, the areas.
  await app.register(
    async (api) => {
      await api.register(compress, apiCompressionOptions);
      await api.register(floodGuardPlugin, { config });
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
  // 7. The built client and the history-mode fallback (also the JSON 404 for unknown /api paths).
  await app.register(staticAppPlugin, { root: config.staticDir, enabled: config.serveStatic });
  return app;
}
