// The platform's receiving accounts (migration 060): where users send bank transfers and wallet payments.
import type { Db } from '../../db/database.ts';
import type { ReceivingAccount } from '../../../contract/deposits.ts';

export type ReceivingChannel = 'bank' | 'wallet';

const COLUMNS = ['id', 'channel', 'provider', 'provider_name', 'title', 'number'] as const;

type Row = {
  id: number;
  channel: ReceivingChannel;
  provider: string;
  provider_name: string;
  title: string;
  number: string;
};

export function receivingWire(r: Row): ReceivingAccount {
  return {
    id: r.id,
    channel: r.channel,
    provider: r.provider,
    providerName: r.provider_name,
    title: r.title,
    number: r.number,
  };
}

/** Active accounts, in their operator-chosen order. */
export async function activeReceivingAccounts(db: Db): Promise<ReceivingAccount[]> {
  const rows = await db
    .selectFrom('receiving_accounts')
    .select(COLUMNS)
    .where('active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(receivingWire);
}

/** The account by id, whatever its state (a record keeps showing where it was paid). */
export async function receivingAccountById(db: Db, id: number): Promise<ReceivingAccount | undefined> {
  const row = await db
    .selectFrom('receiving_accounts')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && receivingWire(row);
}

/** The active account of `channel` with this id, or undefined. */
export async function activeReceivingAccount(
  db: Db,
  id: number,
  channel: ReceivingChannel,
): Promise<ReceivingAccount | undefined> {
  const row = await db
    .selectFrom('receiving_accounts')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('channel', '=', channel)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row && receivingWire(row);
}
