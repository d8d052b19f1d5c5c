// The configuration, read and validated once at start (config.ts `loadConfig(process.env)` in main.ts, or a
// test's own) and handed to buildApp, as `app.config`. Every plugin and area reads its settings here; none
// reads the environment.
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
