// How the server sends text messages. A real provider implements SmsGateway; without one, messages go to
// the development outbox (table sms_outbox), the developer's stand-in for the phone: read it with
// `npm run backoffice -- ./data sms --phone 3001234567`. The log only says that a message went there, never
// its text, because the text carries a verification code and logs travel further than the database.
import type { FastifyBaseLogger } from 'fastify';
import type { RawDb as Db } from '../../db/database.ts';

export interface SmsGateway {
  send(phone: string, text: string): Promise<void>;
}

export class DevOutboxGateway implements SmsGateway {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const id = this.db
      .prepare('INSERT INTO sms_outbox (phone, text, created_at) VALUES (?, ?, ?)')
      .run(phone, text, Date.now()).lastInsertRowid;
    this.log.info({ outboxId: Number(id) }, 'dev SMS outbox: message stored (no gateway configured)');
  }
}
