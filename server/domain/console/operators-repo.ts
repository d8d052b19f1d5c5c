// Operators: created, listed, disabled and given a new TOTP secret by the operator command (tools/operator.ts),
// each change audited (CLI_ACTOR) in the same transaction. Passwords are scrypt hashes (auth/password-hash.ts);
// the TOTP secret is shown once, at creation or reset, and stored for the login check.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { inTx, isUniqueViolation } from '../../db/tx.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { parseRoles, rolesText, type Role } from './roles.ts';
import { newTotpSecret } from './totp.ts';

export const USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/;
export const OPERATOR_PASSWORD_MIN = 12;

export class OperatorError extends Error {
  constructor(
    readonly reason: 'badUsername' | 'badPassword' | 'badRoles' | 'taken' | 'unknown',
    message: string,
  ) {
    super(message);
    this.name = 'OperatorError';
  }
}

export interface Operator {
  id: number;
  username: string;
  roles: Role[];
  active: boolean;
  createdAt: number;
}

export interface OperatorSecrets extends Operator {
  passwordHash: string;
  totpSecret: string;
  lastTotpStep: number;
}

interface OperatorRow {
  id: number;
  username: string;
  password_hash: string;
  totp_secret: string;
  roles: string;
  active: number;
  last_totp_step: number;
  created_at: number;
}

function fromRow(r: OperatorRow): OperatorSecrets {
  return {
    id: r.id,
    username: r.username,
    roles: parseRoles(r.roles) ?? [],
    active: r.active === 1,
    createdAt: r.created_at,
    passwordHash: r.password_hash,
    totpSecret: r.totp_secret,
    lastTotpStep: r.last_totp_step,
  };
}

const publicOf = (o: OperatorSecrets): Operator => ({
  id: o.id,
  username: o.username,
  roles: o.roles,
  active: o.active,
  createdAt: o.createdAt,
});

/** A generated password: 18 random bytes, base64url (24 characters, 144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export async function findOperatorByUsername(db: Db, username: string): Promise<OperatorSecrets | null> {
  const row = await db
    .selectFrom('operators')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  return row ? fromRow(row) : null;
}

export async function findOperatorById(db: Db, id: number): Promise<OperatorSecrets | null> {
  const row = await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

export async function listOperators(db: Db): Promise<Operator[]> {
  const rows = await db.selectFrom('operators').selectAll().orderBy('id').execute();
  return rows.map((r) => publicOf(fromRow(r)));
}

export interface CreateOperator {
  username: string;
  password: string;
  roles: string;
}

/** Creates an operator; returns it with its new TOTP secret (shown once). */
export async function createOperator(
  db: Db,
  actor: Actor,
  input: CreateOperator,
  now: number,
): Promise<{ operator: Operator; totpSecret: string }> {
  const username = input.username.trim().toLowerCase();
  if (!USERNAME_PATTERN.test(username))
    throw new OperatorError('badUsername', 'username: 3-32 of a-z 0-9 . _ -, starting with a letter');
  if (input.password.length < OPERATOR_PASSWORD_MIN || input.password.length > 128)
    throw new OperatorError('badPassword', `password: ${OPERATOR_PASSWORD_MIN}-128 characters`);
  const roles = parseRoles(input.roles);
  if (!roles)
    throw new OperatorError('badRoles', 'roles: a comma-separated set of kyc, finance, support, admin');
  const passwordHash = await hashPassword(input.password);
  const totpSecret = newTotpSecret();
  try {
    return await inTx(db, async (tx) => {
      const row = await tx
        .insertInto('operators')
        .values({
          username,
          password_hash: passwordHash,
          totp_secret: totpSecret,
          roles: rolesText(roles),
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const operator = publicOf(fromRow(row));
      await recordAudit(tx, {
        actor,
        action: 'operator.create',
        subjectType: 'operator',
        subjectId: operator.id,
        before: null,
        after: operator,
        now,
      });
      return { operator, totpSecret };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new OperatorError('taken', `username ${username} is taken`);
    throw err;
  }
}

async function mustFind(tx: Db, username: string): Promise<OperatorSecrets> {
  const op = await findOperatorByUsername(tx, username.trim().toLowerCase());
  if (!op) throw new OperatorError('unknown', `no operator ${username}`);
  return op;
}

/** Disables an operator and ends its sessions; idempotent (a second call changes nothing, audits nothing). */
export async function disableOperator(
  db: Db,
  actor: Actor,
  username: string,
  now: number,
): Promise<Operator> {
  return inTx(db, async (tx) => {
    const op = await mustFind(tx, username);
    if (!op.active) return publicOf(op);
    await tx.updateTable('operators').set({ active: 0 }).where('id', '=', op.id).execute();
    await tx
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', op.id)
      .where('revoked_at', 'is', null)
      .execute();
    const after = { ...publicOf(op), active: false };
    await recordAudit(tx, {
      actor,
      action: 'operator.disable',
      subjectType: 'operator',
      subjectId: op.id,
      before: publicOf(op),
      after,
      now,
    });
    return after;
  });
}

/** A new TOTP secret (the old authenticator entry stops working); the secret itself is never audited. */
export async function resetOperatorTotp(
  db: Db,
  actor: Actor,
  username: string,
  now: number,
): Promise<{ operator: Operator; totpSecret: string }> {
  const totpSecret = newTotpSecret();
  return inTx(db, async (tx) => {
    const op = await mustFind(tx, username);
    await tx
      .updateTable('operators')
      .set({ totp_secret: totpSecret, last_totp_step: 0 })
      .where('id', '=', op.id)
      .execute();
    await recordAudit(tx, {
      actor,
      action: 'operator.resetTotp',
      subjectType: 'operator',
      subjectId: op.id,
      before: { totp: 'previous secret' },
      after: { totp: 'new secret' },
      now,
    });
    return { operator: publicOf(op), totpSecret };
  });
}
