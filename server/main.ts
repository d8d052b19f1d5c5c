// Starts the server: reads the environment, builds the app, listens, and shuts down cleanly on a signal.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig(process.env);
const app = await buildApp({ config, logger: true });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error(err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  console.log(`App running at http://${host}:${port}/`);
} catch (err) {
  app.log.error(err);
  process.exit(1);
}
