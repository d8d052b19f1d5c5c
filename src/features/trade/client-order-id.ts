// The client order id of a submit (CONVENTIONS "money and numbers"): one id per order the user means to place.
// A submit that got no answer (network failure, time-out) is retried with the SAME id, so the server applies it
// at most once; once the server has answered (accepted or refused), the next submit gets a fresh id.

function uuid(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not. RFC 4122 version 4 layout.
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export class ClientOrderIds {
  private pending: { key: string; id: string } | null = null;

  constructor(private readonly make: () => string = uuid) {}

  /** The id for the order described by `key`: the unanswered one's id when it is the same order. */
  idFor(key: string): string {
    if (this.pending?.key !== key) this.pending = { key, id: this.make() };
    return this.pending.id;
  }

  /** The server answered: that id is used up. */
  settle(): void {
    this.pending = null;
  }
}
