// Sign-outs and password changes (`app.sessionEvents`, domain/auth/session-events.ts), relayed through the bus so
// the account sockets of an ended session close on every node.
import fp from 'fastify-plugin';
import { SessionEvents } from '../domain/auth/session-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-outs and password changes, for the sockets of the sessions they end. */
    sessionEvents: SessionEvents;
  }
}

export const sessionEventsPlugin = fp(
  async (app) => {
    const events = new SessionEvents();
    app.decorate('sessionEvents', events);
    const stopRelay = events.relayThrough(app.bus);
    app.addHook('onClose', async () => stopRelay());
  },
  { name: 'session-events', dependencies: ['bus'] },
);
