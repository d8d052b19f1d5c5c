// The SMS-code field and check shared by the calls that need proof of the phone (user/register,
// user/password/reset): one schema, one pair of refusals.
import type { FastifyInstance } from 'fastify';
import type { CodeType } from '../../domain/sms/sms-codes.ts';
import { AppError } from '../../errors.ts';
import { text } from '../../schemas/fields.ts';

export const smsCodeField = (type: CodeType) =>
  text(1, 6, {
    pattern: '^[0-9]{6}$',
    description: `The 6-digit code common/code/send (type \`${type}\`) texted to the phone.`,
  });

/** Consumes a right code; refuses a wrong one (one try used) or when none is live (expired, used, no tries). */
export function verifySmsCodeOrThrow(
  app: FastifyInstance,
  phone: string,
  type: CodeType,
  code: string,
): void {
  const check = app.smsCodes.verify(phone, type, code);
  if (check === 'wrong') throw new AppError('auth.smsCodeWrong');
  if (check === 'expired') throw new AppError('auth.smsCodeExpired');
}
