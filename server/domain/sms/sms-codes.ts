// Six-digit SMS verification codes: stored only as HMAC-SHA256 under a server key (code-secret.ts), bound to
// the phone and purpose, expiring, single use, and dead after MAX_ATTEMPTS wrong tries. A "decoy" stands in
// where no code is texted (a `register` code for a number that already has an account, a `reset` code for
// one that has none): it can never match, so the verifying call answers exactly as for a real code and cannot
// tell anyone whether the number is registered.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';

/** `withdraw`: the withdrawal-password reset (migration 075), apart from the login-password `reset`. */
export type CodeType = 'register' | 'reset' | 'login' | 'withdraw';
export const MAX_CODE_ATTEMPTS = 5;

/** 'wrong': a live code exists and this is not it; 'expired': none live (expired, used, or out of tries). */
export type CodeCheck = 'ok' | 'wrong' | 'expired';

export class SmsCodeStore {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
  ) {}

  private mac(phone: string, type: CodeType, code: string): Buffer {
    return createHmac('sha256', this.key).update(`${phone}\n${type}\n${code}`).digest();
  }

  /**
   * Replaces any earlier code for (phone, type) with a new one valid for `ttlSec`; returns the plain code to
   * text. With `decoy`, stores a hash no 6-digit code matches and returns null: the same write, nothing to send.
   */
  async issue(
    phone: string,
    type: CodeType,
    ttlSec: number,
    opts: { decoy?: boolean } = {},
    now = Date.now(),
  ): Promise<string | null> {
    const code = opts.decoy ? null : String(randomInt(1_000_000)).padStart(6, '0');
    const hash = code === null ? randomBytes(32) : this.mac(phone, type, code);
    await inTx(this.db, async (tx) => {
      await tx
        .deleteFrom('sms_codes')
        .where((eb) =>
          eb.or([eb.and([eb('phone', '=', phone), eb('type', '=', type)]), eb('expires_at', '<=', now)]),
        )
        .execute();
      await tx
        .insertInto('sms_codes')
        .values({
          phone,
          type,
          code_hash: hash.toString('hex'),
          expires_at: now + ttlSec * 1000,
          created_at: now,
        })
        .execute();
    });
    return code;
  }

  /**
   * Checks a code and, when right, consumes it; a wrong one uses up one of the code's attempts. The read and
   * the write are one transaction, so of two checks racing with the right code only one is 'ok'.
   */
  async verify(phone: string, type: CodeType, code: string, now = Date.now()): Promise<CodeCheck> {
    const given = this.mac(phone, type, code.trim());
    return inTx(this.db, async (tx): Promise<CodeCheck> => {
      const row = await tx
        .selectFrom('sms_codes')
        .select(['id', 'code_hash as codeHash', 'attempts'])
        .where('phone', '=', phone)
        .where('type', '=', type)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return 'expired';
      const match = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), given);
      await tx
        .updateTable('sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), consumed_at: match ? now : null }))
        .where('id', '=', row.id)
        .execute();
      return match ? 'ok' : 'wrong';
    });
  }
}
