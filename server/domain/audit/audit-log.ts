// The operator audit log: every operator action (console or back-office command) appends one row, inside the
// same transaction as the change it describes, with the object's state before and after. The table refuses
// UPDATE and DELETE (migration 050's triggers), so the log can only grow.
import type { Db } from '../../db/database.ts';

/** Who acted: an operator of the console, or the back-office command run on the server. */
export type Actor = { source: 'console'; operatorId: number } | { source: 'cli'; operatorId: null };

export const CLI_ACTOR: Actor = { source: 'cli', operatorId: null };

export interface AuditEntry {
  actor: Actor;
  /** `area.verb`, e.g. 'kyc.approve', 'deposit.credit', 'withdrawal.reject', 'settings.write' */
  action: string;
  subjectType: string;
  subjectId: string | number;
  before: unknown;
  after: unknown;
  now: number;
}

export interface AuditRow {
  id: number;
  operatorId: number | null;
  source: 'console' | 'cli';
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  createdAt: number;
}

/** bigint-safe JSON: money in minor units is kept as its decimal digits. */
function toJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** Appends one entry; call it with the transaction (`tx`) of the change it records. */
export async function recordAudit(db: Db, e: AuditEntry): Promise<void> {
  await db
    .insertInto('operator_audit')
    .values({
      operator_id: e.actor.operatorId,
      source: e.actor.source,
      action: e.action,
      subject_type: e.subjectType,
      subject_id: String(e.subjectId),
      before_json: toJson(e.before),
      after_json: toJson(e.after),
      created_at: e.now,
    })
    .execute();
}

export interface AuditQuery {
  subjectType?: string;
  subjectId?: string;
  operatorId?: number;
  /** only entries with an id below this (paging newest first) */
  beforeId?: number;
  limit: number;
}

/** Entries newest first. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditRow[]> {
  let query = db.selectFrom('operator_audit').selectAll();
  if (q.subjectType !== undefined) query = query.where('subject_type', '=', q.subjectType);
  if (q.subjectId !== undefined) query = query.where('subject_id', '=', q.subjectId);
  if (q.operatorId !== undefined) query = query.where('operator_id', '=', q.operatorId);
  if (q.beforeId !== undefined) query = query.where('id', '<', q.beforeId);
  const rows = await query.orderBy('id', 'desc').limit(q.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    operatorId: r.operator_id,
    source: r.source,
    action: r.action,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    before: JSON.parse(r.before_json) as unknown,
    after: JSON.parse(r.after_json) as unknown,
    createdAt: r.created_at,
  }));
}
