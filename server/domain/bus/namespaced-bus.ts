// A bus seen through a name space: every channel (and pattern) gets `prefix` in front, so nodes of different
// clusters that happen to share one Redis (test runs, staging beside production) never hear each other. The
// prefix of a cluster comes from its database (plugins/bus.ts): nodes that share a database share a bus.
import type { Bus } from './bus.ts';

export function namespacedBus(bus: Bus, prefix: string): Bus {
  return {
    publish: (channel, message) => bus.publish(prefix + channel, message),
    subscribe: (channelOrPattern, handler) =>
      bus.subscribe(prefix + channelOrPattern, (message, channel) =>
        handler(message, channel.startsWith(prefix) ? channel.slice(prefix.length) : channel),
      ),
    ready: () => bus.ready(),
    onReconnect: (listener) => bus.onReconnect(listener),
    close: () => bus.close(),
  };
}
