// Texts and their codes: `app.sms` (a real provider given to buildApp, else the dev outbox table) and
// `app.smsCodes` (keyed hashes of the codes in sms_codes: issued by common/code/send, verified where used).
import fp from 'fastify-plugin';
import { agreeOnSecret } from '../domain/cluster/shared-secrets.ts';
import { loadSmsCodeKey } from '../domain/sms/code-secret.ts';
import { DevOutboxGateway, type SmsGateway } from '../domain/sms/sms-gateway.ts';
import { SmsCodeStore } from '../domain/sms/sms-codes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsGateway;
    /** SMS verification codes (keyed hashes in sms_codes): issue in common/code/send, verify where used. */
    smsCodes: SmsCodeStore;
  }
}

export const smsPlugin = fp<{ gateway?: SmsGateway | undefined }>(
  async (app, opts) => {
    const sms = opts.gateway ?? new DevOutboxGateway(app.db, app.log);
    app.decorate('sms', sms);
    // Texts are sent without waiting for them: the outbox stores the last ones before the database closes.
    if (sms instanceof DevOutboxGateway) app.addHook('onClose', () => sms.drained());
    const { dataDir, smsCodeSecret } = app.config;
    const key = loadSmsCodeKey(dataDir, smsCodeSecret);
    await agreeOnSecret(app.db, 'sms-code', key, 'SMS_CODE_SECRET');
    app.decorate('smsCodes', new SmsCodeStore(app.db, key));
  },
  { name: 'sms', dependencies: ['config', 'db'] },
);
