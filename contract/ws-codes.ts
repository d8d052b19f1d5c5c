// Codes of the sockets' `err` frames ({op:'err', ch?, code, msg}: `msg` is localised for the user, `code` is
// what the client acts on). This module imports nothing (no typebox), so the worker reads it at run time without
// a schema library in its bundle; contract/ws.ts builds the frame's schema from it.

export const WS_ERR = {
  /**
   * The account socket's session is over: its token was refused, or the session ended (signed out here or
   * elsewhere, password changed or reset, expired). Same meaning as the API's -1000 (spec §7): the client
   * clears the session and goes to login. The socket closes after it when it was signed in.
   */
  sessionEnded: -1000,
  /** A frame that is not one of the contract's shapes (bad JSON, binary, extra fields): ignored, nothing changed. */
  badFrame: -1101,
  /** Too many frames: the server closes the socket (1008) after this; the client reconnects with back-off. */
  rateLimited: -1102,
  /** The server could not answer now (a database read failed): the client asks again later. */
  busy: -1103,
  /** Market socket: no such channel (unknown symbol or kind). */
  unknownChannel: -1104,
  /** Market socket: the connection holds its most channels already. */
  tooManyChannels: -1105,
  /**
   * Account socket: no `sub` with a token came within 15 s of opening; the socket closes. Not a session end: a
   * client that reconnects signs in at once.
   */
  authTimeout: -1106,
} as const;

export type WsErrCode = (typeof WS_ERR)[keyof typeof WS_ERR];
export const WS_ERR_CODES: readonly WsErrCode[] = Object.values(WS_ERR);
