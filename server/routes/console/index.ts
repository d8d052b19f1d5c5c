// The operator console's API, mounted at /admin/api by app.ts, apart from the app's /api: its own operator
// authentication (console-auth.ts), login, the review queues, settings, the audit log and user lookup. Every
// route says `hide: true`: the app's public OpenAPI document does not advertise the console's surface.
import type { FastifyPluginAsync } from 'fastify';
import { consoleAuditRoutes } from './audit-routes.ts';
import { consoleAuth } from './console-auth.ts';
import { consoleContentRoutes } from './content/index.ts';
import { consoleLoginRoutes } from './login-routes.ts';
import { consoleIpoRoutes } from './ipo-routes.ts';
import { consoleLookupRoutes } from './lookup-routes.ts';
import { queueRoutes, type ConsoleQueue } from './queue.ts';
import { depositQueue } from './queues/deposit-queue.ts';
import { kycQueue } from './queues/kyc-queue.ts';
import { withdrawalQueue } from './queues/withdrawal-queue.ts';
// ---- loans (issue 18)
import { loanQueue } from './queues/loan-queue.ts';
import { consoleSettingsRoutes } from './settings-routes.ts';
import { consoleServiceRoutes } from './service-routes.ts';
import { consoleServiceWs } from './service-ws.ts';
// ---- vip (issue 18)
import { consoleVipRoutes } from './vip-routes.ts';
// ---- votes (h-vote)
import { consoleVoteRoutes } from './vote-routes.ts';
// ---- placements (issue 17 §4)
import { consolePlacementRoutes } from './placement-routes.ts';
// ---- block trades (issue 17 §5)
import { consoleBulkRoutes } from './bulk-routes.ts';
// ---- coin ICO (issue 17 §7)
import { consoleIcoRoutes } from './ico-routes.ts';
// ---- market scenarios (issue 16 item 7)
import { consoleMarketRoutes } from './market-routes.ts';

/** Every review queue; a new one (deposits, withdrawals) is one file in queues/ and one line here. */
export const CONSOLE_QUEUES: readonly ConsoleQueue[] = [
  kycQueue,
  depositQueue,
  withdrawalQueue,
  // ---- loans (issue 18): the account manager's queue
  loanQueue,
];

export const consoleApi: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  await app.register(consoleAuth);
  await app.register(consoleLoginRoutes);
  await app.register(consoleSettingsRoutes);
  await app.register(consoleAuditRoutes);
  await app.register(consoleLookupRoutes);
  await app.register(consoleContentRoutes);
  // the support inbox and its chat socket (issue 19)
  await app.register(consoleServiceRoutes);
  await app.register(consoleServiceWs);
  await app.register(consoleIpoRoutes);
  // ---- vip (issue 18): the stock strategy service switch
  await app.register(consoleVipRoutes);
  // ---- votes (h-vote): shareholder resolutions
  await app.register(consoleVoteRoutes);
  // ---- placements (issue 17 §4): create, allocate, applications, a user's investor type
  await app.register(consolePlacementRoutes);
  // ---- block trades (issue 17 §5): create, close, buyers
  await app.register(consoleBulkRoutes);
  // ---- coin ICO (issue 17 §7): token sales
  await app.register(consoleIcoRoutes);
  // ---- market scenarios (issue 16 item 7): the simulator's crash/spike control (SIM_CONTROLS=1 only)
  await app.register(consoleMarketRoutes);
  for (const q of CONSOLE_QUEUES) await app.register(queueRoutes(q), { prefix: `/queues/${q.name}` });
};
