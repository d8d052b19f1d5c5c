// The user's own crypto withdrawal addresses: coin/withdraw/address (list), coin/withdraw/address/generate
// (save; the spec's wire name, though nothing is generated: the address is the user's own) and
// coin/withdraw/address/del (an addition: remove one). Rules: server/domain/bindings/withdraw-addresses.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddressAddBody,
  AddressListBody,
  BindingIdBody,
  WithdrawAddressListReply,
  WithdrawAddressReply,
} from '../../../contract/bank.ts';
import { DoneReply } from '../../../contract/user.ts';
import {
  addWithdrawAddress,
  deleteWithdrawAddress,
  listWithdrawAddresses,
} from '../../domain/bindings/withdraw-addresses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

export const withdrawAddressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/coin/withdraw/address',
    {
      schema: {
        tags: ['coin'],
        summary: 'The caller’s crypto withdrawal addresses (of one chain, or all), newest first',
        description: 'Answered whole: at most 10 live addresses per chain.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: AddressListBody,
        response: WithdrawAddressListReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      return ok(await listWithdrawAddresses(app.db, userId, request.body.chain));
    },
  );

  app.post(
    '/coin/withdraw/address/generate',
    {
      schema: {
        tags: ['coin'],
        summary: 'Save a crypto withdrawal address of the user’s own',
        description:
          'The wire name is the spec’s, but nothing is generated: a withdrawal goes to an address the user owns, so the user gives it. KYC must be verified. TRC20: base58check; ERC20/BEP20: 0x + 40 hex, EIP-55 checksum when mixed case (stored checksummed). A wrong format and a wrong checksum are refused with different messages. Label at most 30 characters; at most 10 live addresses per chain; a live duplicate is refused; a retry with the same clientId answers the same address.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: AddressAddBody,
        response: WithdrawAddressReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      return ok(await addWithdrawAddress(app.db, userId, request.body, Date.now()));
    },
  );

  app.post(
    '/coin/withdraw/address/del',
    {
      schema: {
        tags: ['coin'],
        summary: 'Remove a crypto withdrawal address (soft delete; an addition to the spec’s calls)',
        description: 'Another user’s, a deleted or a missing id is refused alike.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: BindingIdBody,
        response: DoneReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      await deleteWithdrawAddress(app.db, userId, Number(request.body.id), Date.now());
      return ok(null);
    },
  );
};
