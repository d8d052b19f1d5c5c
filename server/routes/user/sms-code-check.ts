// The SMS-code check shared by the calls that need proof of the phone (user/register, user/password/reset):
// one pair of refusals (the field itself is contract/user.ts's smsCodeField).
import type { FastifyInstance } from 'fastify';
import type { CodeType } from '../../domain/sms/sms-codes.ts';
import { fieldError } from '../../errors.ts';

/** Consumes a right code; refuses a wrong one (one try used) or when none is live (expired, used, no tries). */
export async function verifySmsCodeOrThrow(
  app: FastifyInstance,
  phone: string,
  type: CodeType,
  code: string,
): Promise<void> {
  const check = await app.smsCodes.verify(phone, type, code);
  if (check === 'wrong') throw fieldError('code', 'auth.smsCodeWrong');
  if (check === 'expired') throw fieldError('code', 'auth.smsCodeExpired');
}
