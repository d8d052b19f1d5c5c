import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { inTx } from '../../server/db/tx.ts';
import { CLI_ACTOR, listAudit, recordAudit } from '../../server/domain/audit/audit-log.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-db.ts';

let t: TestDatabase;
let db: Db;

beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t.close();
});

describe('operator audit log', () => {
  it('appends entries with before and after, bigints kept exact, newest first', async () => {
    await recordAudit(db, {
      actor: CLI_ACTOR,
      action: 'deposit.credit',
      subjectType: 'deposit',
      subjectId: 1,
      before: { status: 'pending' },
      after: { status: 'credited', amount: 12_345_678_901_234_567n },
      now: 10,
    });
    await recordAudit(db, {
      actor: { source: 'console', operatorId: 3 },
      action: 'kyc.reject',
      subjectType: 'kyc',
      subjectId: '9',
      before: null,
      after: { reason: 'blurred' },
      now: 11,
    });
    const rows = await listAudit(db, { limit: 10 });
    expect(rows.map((r) => r.action)).toEqual(['kyc.reject', 'deposit.credit']);
    expect(rows[1]?.after).toEqual({ status: 'credited', amount: '12345678901234567' });
    expect(rows[0]).toMatchObject({ operatorId: 3, source: 'console', subjectId: '9' });
    expect(await listAudit(db, { subjectType: 'deposit', limit: 10 })).toHaveLength(1);
  });

  it('cannot be edited or deleted, even by SQL', async () => {
    await expect(db.updateTable('operator_audit').set({ action: 'forged' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('operator_audit').execute()).rejects.toThrow(/append-only/);
    await expect(
      inTx(db, async (tx) => {
        await tx.deleteFrom('operator_audit').where('id', '>', 0).execute();
      }),
    ).rejects.toThrow(/append-only/);
    if (t.database.dialect === 'postgres') {
      await expect(sql`TRUNCATE operator_audit`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect(await listAudit(db, { limit: 10 })).toHaveLength(2);
  });
});
