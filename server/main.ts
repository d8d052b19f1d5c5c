// Starts the server: reads the environment, builds the app, listens, and shuts down cleanly on a signal.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig(process.env);
const app = await buildApp({ config, logger: true });

let closing = false;
async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(exitCode);
  } catch (err) {
    app.log.error(err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Last resort. A rejected promise nobody awaited left nothing half-done (money changes are synchronous
// SQLite transactions that roll back on a throw), so it is logged and the server keeps serving. An exception
// that escaped every handler may have left in-memory state half-updated: log it, close cleanly and exit 1,
// and the supervisor (npm start, or systemd in production) starts a fresh process.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled promise rejection (still serving)');
});
process.on('uncaughtException', (err) => {
  app.log.fatal({ err }, 'uncaught exception: restarting');
  void shutdown('uncaughtException', 1);
});

try {
  await app.listen({ port: config.port, host: config.host });
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  console.log(`App running at http://${host}:${port}/`);
} catch (err) {
  app.log.error(err);
  process.exit(1);
}
