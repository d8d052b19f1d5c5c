// A simulated blockchain for crypto deposits, kept in the database so every node sees one chain: a height per
// chain (sim_chain_heads) and the transfers into platform deposit addresses (sim_chain_transfers).
// simulateIncoming() puts a transfer in the next block; advance() mines blocks (a timer on the leader, or by
// hand in tests and the back-office command); watchOnce() is the chain watcher: it matches every open transfer
// to a deposit record (the user's declared one, by hash or else by amount, or a new one), keeps its
// confirmations current and, at the chain's required confirmations, credits USDT to the owner's real account
// in the same inTx (kind crypto_deposit, ref `<chain>:<hash>`). Each transfer is credited exactly once, however
// many watchers race: the transfer's flag, the deposit's UNIQUE (chain, tx_hash) and the ledger's (kind, ref)
// all guard it inside one transaction.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { Chain } from '../../../contract/crypto-address.ts';
import { accountIdOf } from '../auth/users-repo.ts';
import { postRecord } from '../ledger/post.ts';
import { readSettings } from '../settings/settings-repo.ts';
import { newDepositReference } from './deposit-reference.ts';
import { ownerOfDepositAddress } from './deposit-addresses.ts';
import { confirmationsNeeded, type DepositRow } from './deposits-repo.ts';
import { depositDecided } from '../content/event-messages.ts';

export const USDT = 'USDT';
export const CRYPTO_CLEARING = 'clearing_crypto';

export interface ChainTransfer {
  chain: Chain;
  txHash: string;
  address: string;
  amount: bigint;
  block: number;
}

function newTxHash(chain: Chain): string {
  const hex = randomBytes(32).toString('hex');
  return chain === 'TRC20' ? hex : `0x${hex}`;
}

export async function chainHeight(db: Db, chain: Chain): Promise<number> {
  const row = await db
    .selectFrom('sim_chain_heads')
    .select('height')
    .where('chain', '=', chain)
    .executeTakeFirstOrThrow();
  return row.height;
}

/** A transfer of `amount` (USDT, 6 places) to `address`, included in the next block. */
export async function simulateIncoming(
  db: Db,
  chain: Chain,
  address: string,
  amount: bigint,
  now: number,
): Promise<ChainTransfer> {
  if (amount <= 0n) throw new Error('amount must be more than 0');
  return inTx(db, async (tx) => {
    const block = (await chainHeight(tx, chain)) + 1;
    const txHash = newTxHash(chain);
    await tx
      .insertInto('sim_chain_transfers')
      .values({ chain, tx_hash: txHash, address, amount, block, created_at: now })
      .execute();
    return { chain, txHash, address, amount, block };
  });
}

/** Mines `blocks` blocks on `chain` (every chain when omitted). */
export async function advance(db: Db, blocks = 1, chain?: Chain): Promise<void> {
  let q = db.updateTable('sim_chain_heads').set((eb) => ({ height: eb('height', '+', blocks) }));
  if (chain) q = q.where('chain', '=', chain);
  await q.execute();
}

type TransferRow = {
  id: number;
  chain: Chain;
  tx_hash: string;
  address: string;
  amount: bigint;
  block: number;
};

/** The record this transfer belongs to: already matched by hash, else the owner's declared one, else new. */
async function recordFor(tx: Db, t: TransferRow, userId: number, accountId: number, now: number) {
  const byHash = await tx
    .selectFrom('deposits')
    .selectAll()
    .where('chain', '=', t.chain)
    .where('tx_hash', '=', t.tx_hash)
    .executeTakeFirst();
  if (byHash) return byHash.user_id === userId ? byHash : undefined;
  const declared = await tx
    .selectFrom('deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .where('channel', '=', 'crypto')
    .where('chain', '=', t.chain)
    .where('status', '=', 'pending')
    .where('tx_hash', 'is', null)
    .where('amount', '=', t.amount)
    .orderBy('id')
    .executeTakeFirst();
  if (declared) {
    return tx
      .updateTable('deposits')
      .set({ tx_hash: t.tx_hash, updated_at: now })
      .where('id', '=', declared.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return tx
    .insertInto('deposits')
    .values({
      user_id: userId,
      account_id: accountId,
      client_id: `chain:${t.chain}:${t.tx_hash}`.slice(0, 120),
      channel: 'crypto',
      asset: 'USDT',
      amount: t.amount,
      reference: newDepositReference(),
      receiving_account_id: null,
      chain: t.chain,
      address: t.address,
      tx_hash: t.tx_hash,
      status: 'pending',
      reviewed_by: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface WatchOutcome {
  /** deposits credited by this pass */
  credited: DepositRow[];
  /** deposits refused by this pass (below the minimum) */
  rejected: DepositRow[];
}

/** One pass of the chain watcher over every open transfer. */
export async function watchOnce(db: Db, now: number): Promise<WatchOutcome> {
  const out: WatchOutcome = { credited: [], rejected: [] };
  const open = await db
    .selectFrom('sim_chain_transfers')
    .select(['id', 'chain', 'tx_hash', 'address', 'amount', 'block'])
    .where('credited', '=', 0)
    .orderBy('id')
    .limit(500)
    .execute();
  for (const t of open) {
    const done = await inTx(db, async (tx) => {
      const still = await tx
        .selectFrom('sim_chain_transfers')
        .select('credited')
        .where('id', '=', t.id)
        .executeTakeFirstOrThrow();
      if (still.credited !== 0) return undefined;
      const userId = await ownerOfDepositAddress(tx, t.chain, t.address);
      if (userId === undefined) return undefined;
      const accountId = await accountIdOf(tx, userId, 'real');
      if (accountId === undefined) return undefined;
      const settings = await readSettings(tx);
      const confirmations = Math.max(0, (await chainHeight(tx, t.chain)) - t.block + 1);
      const needed = confirmationsNeeded(settings, t.chain);
      const record = await recordFor(tx, t, userId, accountId, now);
      if (!record || record.status !== 'pending') return undefined;
      if (confirmations < needed) {
        if (record.confirmations !== confirmations) {
          await tx
            .updateTable('deposits')
            .set({ confirmations, updated_at: now })
            .where('id', '=', record.id)
            .execute();
        }
        return undefined;
      }
      await tx.updateTable('sim_chain_transfers').set({ credited: 1 }).where('id', '=', t.id).execute();
      const min = parseMinor(settings['deposit.crypto.min'], 6) ?? 0n;
      if (t.amount < min) {
        const rejected = await tx
          .updateTable('deposits')
          .set({
            status: 'rejected',
            confirmations: needed,
            reason: `Below the minimum deposit of ${formatMinor(min, 6)} USDT`,
            updated_at: now,
          })
          .where('id', '=', record.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await depositDecided(tx, rejected, 'rejected', now);
        return { kind: 'rejected' as const, row: rejected };
      }
      await postRecord(tx, {
        kind: 'crypto_deposit',
        ref: `${t.chain}:${t.tx_hash}`,
        accountId,
        memo: JSON.stringify({ chain: t.chain, txHash: t.tx_hash, address: t.address }),
        now,
        legs: [
          { system: CRYPTO_CLEARING, asset: USDT, amount: -t.amount },
          { accountId, book: 'cash', asset: USDT, amount: t.amount },
        ],
      });
      const credited = await tx
        .updateTable('deposits')
        .set({ status: 'credited', confirmations: needed, amount: t.amount, updated_at: now })
        .where('id', '=', record.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await depositDecided(tx, credited, 'credited', now);
      return { kind: 'credited' as const, row: credited };
    });
    if (done?.kind === 'credited') out.credited.push(done.row);
    if (done?.kind === 'rejected') out.rejected.push(done.row);
  }
  return out;
}
