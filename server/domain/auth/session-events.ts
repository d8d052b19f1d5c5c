// In-process notice that sessions ended (sign-out, password change or reset), so whoever holds a live
// connection for them (the account WebSocket) can close it at once instead of at its next event.
// One instance per app (`app.sessionEvents`). Relayed through the bus (relayThrough), a sign-out on one node
// closes the sockets of that session on every node.
import { EventEmitter } from 'node:events';
import type { Bus } from '../bus/bus.ts';

const CHANNEL = 'session:revoked';

function isRevoked(v: unknown): v is SessionsRevoked {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return Number.isInteger(o['sessionId']) || Number.isInteger(o['userId']);
}

/** Which sessions ended: one session (both its tokens), or every session of a user. */
export type SessionsRevoked = { sessionId: number } | { userId: number };

export class SessionEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open account socket: no "possible leak" warning for a busy node.
    this.emitter.setMaxListeners(0);
  }

  private bus: Bus | undefined;

  revoked(event: SessionsRevoked): void {
    if (this.bus) this.bus.publish(CHANNEL, JSON.stringify(event));
    else this.emitter.emit('revoked', event);
  }

  /** From now on revocations go out on `bus` and come back from it (from every node); returns the stop. */
  relayThrough(bus: Bus): () => void {
    this.bus = bus;
    const stop = bus.subscribe(CHANNEL, (message) => {
      let event: unknown;
      try {
        event = JSON.parse(message);
      } catch {
        return;
      }
      if (isRevoked(event)) this.emitter.emit('revoked', event);
    });
    return () => {
      stop();
      this.bus = undefined;
    };
  }

  /** Calls `listener` for every revocation; returns the function that stops listening. */
  onRevoked(listener: (event: SessionsRevoked) => void): () => void {
    this.emitter.on('revoked', listener);
    return () => this.emitter.off('revoked', listener);
  }
}
