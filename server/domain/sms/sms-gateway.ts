// How the server sends text messages. A real provider implements SmsGateway; without one, messages go to
// the development outbox (table sms_outbox), the developer's stand-in for the phone: read it with
// `npm run backoffice -- ./data sms --phone 3001234567`. The log only says that a message went there, never
// its text, because the text carries a verification code and logs travel further than the database.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';

export interface SmsGateway {
  send(phone: string, text: string): Promise<void>;
}

export class DevOutboxGateway implements SmsGateway {
  /** Messages handed to `send` and not yet stored (callers do not await it: see common/code/send). */
  private readonly storing = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const stored = this.store(phone, text);
    this.storing.add(stored);
    try {
      await stored;
    } finally {
      this.storing.delete(stored);
    }
  }

  /**
   * Resolves once every message handed to `send` so far is stored (or failed): awaited before the database
   * closes, and by whoever reads the outbox right after asking for a text (tests).
   */
  async drained(): Promise<void> {
    await Promise.allSettled([...this.storing]);
  }

  private async store(phone: string, text: string): Promise<void> {
    const { id } = await this.db
      .insertInto('sms_outbox')
      .values({ phone, text, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.log.info({ outboxId: id }, 'dev SMS outbox: message stored (no gateway configured)');
  }
}
