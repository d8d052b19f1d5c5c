// Marks a plugin as non-encapsulated (what fastify-plugin does), so its decorators and hooks reach the
// context that registers it. Kept local to avoid a dependency for two symbols.
import type { FastifyPluginAsync } from 'fastify';

export function globalPlugin<T extends Record<string, unknown>>(
  name: string,
  plugin: FastifyPluginAsync<T>,
): FastifyPluginAsync<T> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
