// A process that writes under SQLite group commit until it is killed (tests/server/group-commit.test.ts): waves
// of parallel transactions, each posting one ledger journal between two system accounts and recording a probe
// row; every 5th body throws after writing. It prints `ack <n>` the moment a body's inTx resolves (durable),
// and `fail <n>` for one that was refused. Run: node --import tsx tests/support/group-commit-child.ts <dataDir>
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import { inTx } from '../../server/db/tx.ts';
import { postJournal, systemLedgerAccount } from '../../server/domain/ledger/ledger-repo.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: group-commit-child.ts <dataDir>');
const { db } = await openDatabase({ dataDir });
await sql`create table if not exists gc_probe (n integer primary key, ref text not null) strict`.execute(db);
const from = await systemLedgerAccount(db, 'gc_from');
const to = await systemLedgerAccount(db, 'gc_to');
const start = Number(process.argv[3] ?? '0');
process.stdout.write('ready\n');

for (let wave = 0; ; wave++) {
  const bodies = Array.from({ length: 20 }, (_, i) => start + wave * 20 + i).map((n) =>
    inTx(db, async (tx) => {
      await postJournal(tx, {
        kind: 'gc_test',
        ref: `gc:${n}`,
        postings: [
          { ledgerAccountId: from, asset: 'PKR', amount: -BigInt(n + 1) },
          { ledgerAccountId: to, asset: 'PKR', amount: BigInt(n + 1) },
        ],
      });
      await tx
        .insertInto('gc_probe' as never)
        .values({ n, ref: `gc:${n}` } as never)
        .execute();
      if (n % 5 === 4) throw new Error(`body ${n} fails`);
      return n;
    }).then(
      () => process.stdout.write(`ack ${n}\n`),
      () => process.stdout.write(`fail ${n}\n`),
    ),
  );
  await Promise.all(bodies);
}
