// How the server sends text messages. A real provider implements SmsGateway; without one, messages go to
// the development outbox (table sms_outbox) and the log.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open-db.ts';

export interface SmsGateway {
  send(phone: string, text: string): Promise<void>;
}

export class DevOutboxGateway implements SmsGateway {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    this.db
      .prepare('INSERT INTO sms_outbox (phone, text, created_at) VALUES (?, ?, ?)')
      .run(phone, text, Date.now());
    this.log.info({ phone, text }, 'dev SMS outbox (no gateway configured)');
  }
}
