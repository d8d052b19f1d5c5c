// Crypto deposits (USDT on TRC20, ERC20, BEP20): GET index/recharge/coins, POST coin/recharge/address (the
// caller's address or null), POST coin/recharge/address/generate (made once), POST coin/recharge/add (the
// user reports a transfer: a pending record the chain watcher matches) and GET coin/recharge/order.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChainBody,
  CoinRechargeAddBody,
  CoinRechargeOrderQuery,
  CoinsReply,
  DepositAddressReply,
  DepositPageReply,
  DepositReply,
  type Coin,
} from '../../../contract/deposits.ts';
import { CHAINS } from '../../../contract/crypto-address.ts';
import { noFields } from '../../../contract/form-fields.ts';
import { depositAddressOf, generateDepositAddress } from '../../domain/deposits/deposit-addresses.ts';
import { assertMayDeposit, requestCoinRecharge } from '../../domain/deposits/deposit-request.ts';
import { confirmationsNeeded, depositsOfUser, depositWire } from '../../domain/deposits/deposits-repo.ts';
import { readSettings } from '../../domain/settings/settings-repo.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const tags = ['deposit'];

export const coinDepositRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/index/recharge/coins',
    {
      schema: {
        tags,
        summary: 'Coins and chains accepted for deposit, with minimum and confirmations',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: CoinsReply,
      },
    },
    async () => {
      const s = await readSettings(app.db);
      const list: Coin[] = CHAINS.map((chain) => ({
        coin: 'USDT',
        chain,
        min: s['deposit.crypto.min'],
        confirmations: confirmationsNeeded(s, chain),
      }));
      return ok({ list });
    },
  );

  app.post(
    '/coin/recharge/address',
    {
      schema: {
        tags,
        summary: "The caller's deposit address on a chain, or null before it is generated",
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: ChainBody,
        response: DepositAddressReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const chain = request.body.chain;
      return ok({ chain, address: await depositAddressOf(app.db, userId, chain) });
    },
  );

  app.post(
    '/coin/recharge/address/generate',
    {
      schema: {
        tags,
        summary: "Create the caller's deposit address on a chain (once; later calls answer the same)",
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: ChainBody,
        response: DepositAddressReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const chain = request.body.chain;
      await assertMayDeposit(app.db, auth, 'crypto', Date.now());
      const address = await generateDepositAddress(
        app.db,
        app.deposits.addressKey,
        auth.userId,
        chain,
        Date.now(),
      );
      return ok({ chain, address });
    },
  );

  app.post(
    '/coin/recharge/add',
    {
      schema: {
        tags,
        summary: 'Report a transfer to the deposit address (a pending crypto record)',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: CoinRechargeAddBody,
        response: DepositReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const row = await requestCoinRecharge(app.db, auth, request.body, Date.now());
      return ok(await depositWire(app.db, row));
    },
  );

  app.get(
    '/coin/recharge/order',
    {
      schema: {
        tags,
        summary: "The caller's crypto deposit records, newest first",
        security: NEEDS_TOKEN,
        querystring: CoinRechargeOrderQuery,
        response: DepositPageReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const q = request.query;
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      const { rows, total } = await depositsOfUser(app.db, userId, {
        channels: ['crypto'],
        status: q.status,
        chain: q.chain,
        page,
        size,
      });
      const settings = await readSettings(app.db);
      const list = await Promise.all(rows.map((r) => depositWire(app.db, r, settings)));
      return ok({ list, total, page, size });
    },
  );
};
