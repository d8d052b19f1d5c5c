// The binding calls: index/bank/tmpl (public: the form of each channel and the bank list), bank/add,
// bank/del, bank/list, bank/info. Bindings belong to the user (either token); the rules are
// server/domain/bindings/payout-bindings.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BankAddBody,
  BankListQuery,
  BindingIdBody,
  BindingListReply,
  BindingReply,
  BindingTemplateReply,
} from '../../../contract/bank.ts';
import { noFields } from '../../../contract/form-fields.ts';
import { DoneReply } from '../../../contract/user.ts';
import { kycStatusOf, verifiedKycName } from '../../domain/kyc/kyc-state.ts';
import { bindingTemplate } from '../../domain/bindings/binding-template.ts';
import {
  addBinding,
  deleteBinding,
  findBinding,
  listBindings,
} from '../../domain/bindings/payout-bindings.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

export const bankRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const template = bindingTemplate();
  app.get(
    '/index/bank/tmpl',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['bank'],
        summary: 'The binding form of each channel (bank, wallet, crypto) and the banks of Pakistani IBANs',
        description:
          'Open to guests; with a valid token it adds `holder`: the caller’s KYC status and verified name, which the form shows as the title.',
        querystring: noFields,
        response: BindingTemplateReply,
      },
    },
    async (request) => {
      if (!request.auth) return ok(template);
      const { userId } = request.auth;
      const holder = {
        idStatus: await kycStatusOf(app.db, userId),
        verifiedName: await verifiedKycName(app.db, userId),
      };
      return ok({ ...template, holder });
    },
  );

  app.post(
    '/bank/add',
    {
      schema: {
        tags: ['bank'],
        summary: 'Bind a bank account (IBAN) or a JazzCash / Easypaisa wallet',
        description:
          'KYC must be verified; the title must match the verified KYC name (case and spacing aside). kind bank takes `iban` (spaces allowed; mod 97 and a known bank code), kind wallet takes `provider` and `number` (03XX-XXXXXXX). At most 5 live bank accounts and 5 live wallets; a live duplicate is refused. A retry with the same clientId answers the same binding. Bindings belong to the user: either token.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: BankAddBody,
        response: BindingReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      return ok(await addBinding(app.db, userId, request.body, Date.now()));
    },
  );

  app.post(
    '/bank/del',
    {
      schema: {
        tags: ['bank'],
        summary: 'Remove a binding (soft delete)',
        description:
          'Sets deleted_at; withdrawals copy their destination, so money in flight is untouched. Another user’s id is refused like a missing one.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: BindingIdBody,
        response: DoneReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      await deleteBinding(app.db, userId, Number(request.body.id), Date.now());
      return ok(null);
    },
  );

  app.get(
    '/bank/list',
    {
      schema: {
        tags: ['bank'],
        summary: 'The caller’s live bank accounts and wallets, newest first',
        description: '`type` bank, wallet or all (default). Answered whole: at most 5 of each kind.',
        security: NEEDS_TOKEN,
        querystring: BankListQuery,
        response: BindingListReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      return ok(await listBindings(app.db, userId, request.query.type ?? 'all'));
    },
  );

  app.get(
    '/bank/info',
    {
      schema: {
        tags: ['bank'],
        summary: 'One of the caller’s live bindings',
        description: 'Another user’s, a deleted or a missing id is refused alike.',
        security: NEEDS_TOKEN,
        querystring: BindingIdBody,
        response: BindingReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      return ok(await findBinding(app.db, userId, Number(request.query.id)));
    },
  );
};
