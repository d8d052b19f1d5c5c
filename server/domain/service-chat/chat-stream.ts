// One socket's view of one conversation: messages reach the client once each and in seq order, whatever the
// bus did (a repeat is dropped; a gap — a message lost on the bus, or overtaken by one published from another
// node — is filled from the database before the newer one goes out). Work runs one step at a time per stream.
import type { ChatMessage } from '../../../contract/service.ts';

/** Messages of the conversation with seq in (after, before), ascending; before may be Infinity. */
export type FetchBetween = (after: number, before: number) => Promise<ChatMessage[]>;

export class ChatStream {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private last: number,
    private readonly fetchBetween: FetchBetween,
    private readonly emit: (m: ChatMessage) => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The highest seq sent so far. */
  get lastSeq(): number {
    return this.last;
  }

  /** A message from the bus (or the sender's own, just stored). */
  offer(m: ChatMessage): void {
    this.run(async () => {
      if (m.seq <= this.last) return;
      if (m.seq > this.last + 1) this.send(await this.fetchBetween(this.last, m.seq));
      this.send([m]);
    });
  }

  /** Sends whatever was stored after the cursor (a reconnect's catch-up, or a resync after a bus outage). */
  catchUp(): Promise<void> {
    return this.run(async () => this.send(await this.fetchBetween(this.last, Infinity)));
  }

  private send(list: readonly ChatMessage[]): void {
    for (const m of list) {
      if (m.seq <= this.last) continue;
      this.last = m.seq;
      this.emit(m);
    }
  }

  private run(step: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(step).catch(this.onError);
    return this.chain;
  }
}
