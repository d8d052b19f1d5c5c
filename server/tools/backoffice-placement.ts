// The back-office `investor --phone P | --user N --type regular|international` command: a user's investor type
// (who may apply to international placements), on the same audited function the console calls
// (domain/placement/placement-operator.ts setInvestorType).
import type { Db } from '../db/database.ts';
import { CLI_ACTOR } from '../domain/audit/audit-log.ts';
import { BackofficeError, resolveAccount, type UserRef } from '../domain/backoffice/user-ref.ts';
import { PlacementOperatorError, setInvestorType } from '../domain/placement/placement-operator.ts';

export const INVESTOR_USAGE =
  '  investor --phone P | --user N --type regular|international   (placements: who may apply; issue 17)';

export async function investorCommand(
  db: Db,
  ref: UserRef,
  type: string | undefined,
  out: (line: string) => void,
  usage: (message: string) => Error,
): Promise<void> {
  if (type !== 'regular' && type !== 'international')
    throw usage(`--type must be regular or international, got "${type ?? ''}"`);
  const { user } = await resolveAccount(db, ref);
  try {
    const now = await setInvestorType(db, CLI_ACTOR, user.id, type, Date.now());
    out(JSON.stringify({ command: 'investor', userId: user.id, type: now }));
  } catch (e) {
    if (e instanceof PlacementOperatorError) throw new BackofficeError('unknownUser', e.message);
    throw e;
  }
}
