// In-process notice that sessions ended (sign-out, password change or reset), so whoever holds a live
// connection for them (the account WebSocket) can close it at once instead of at its next event.
// One instance per app (`app.sessionEvents`); with several nodes this is where a pub/sub relay plugs in.
import { EventEmitter } from 'node:events';

/** Which sessions ended: one session (both its tokens), or every session of a user. */
export type SessionsRevoked = { sessionId: number } | { userId: number };

export class SessionEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open account socket: no "possible leak" warning for a busy node.
    this.emitter.setMaxListeners(0);
  }

  revoked(event: SessionsRevoked): void {
    this.emitter.emit('revoked', event);
  }

  /** Calls `listener` for every revocation; returns the function that stops listening. */
  onRevoked(listener: (event: SessionsRevoked) => void): () => void {
    this.emitter.on('revoked', listener);
    return () => this.emitter.off('revoked', listener);
  }
}
