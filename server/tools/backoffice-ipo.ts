// The back-office `ipo create|list|allot|listing|pay-due` command, on the same functions the operator console
// calls (domain/ipo/ipo-operator.ts): create an offering, list offerings, run the allotment (seed given or
// random, recorded), mark an offering listed (pays what still waits first), and run the payment deadline's
// pass now (what the leader's timer does every minute). Each operator action is audited as the CLI actor.
import { formatMinor } from '../../contract/money.ts';
import type { Db } from '../db/database.ts';
import { CLI_ACTOR } from '../domain/audit/audit-log.ts';
import { BackofficeError } from '../domain/backoffice/user-ref.ts';
import {
  createOffering,
  IpoOperatorError,
  markListed,
  payDue,
  runAllotment,
} from '../domain/ipo/ipo-operator.ts';
import { offeringState, type OfferingRow } from '../domain/ipo/ipo-repo.ts';
import { OFFERING_FIELDS, parseOfferingFields } from '../domain/ipo/offering-input.ts';

export const IPO_ACTIONS = ['create', 'list', 'allot', 'listing', 'pay-due'] as const;
export type IpoAction = (typeof IPO_ACTIONS)[number];

export const IPO_USAGE = `  ipo create ${Object.keys(OFFERING_FIELDS)
  .map((k) => `--${k} …`)
  .join(' ')}
          a new offering (times ISO 8601 with a zone, e.g. 2026-12-01T09:00+05:00, or epoch ms; prices PKR;
          optional: --sector --shariah yes|no --floor --cap (the band) --lot (500) --min (the lot) --prospectus)
  ipo list [--limit N]
          offerings, newest first, with their state
  ipo allot --id N [--seed TEXT]
          after the window: ballot then pro rata with the seed (default random), recorded; refunds the
          unallotted part at once
  ipo listing --id N
          on or after the listing date: pays what still waits, then unlocks the shares
  ipo pay-due
          pays every allotment still waiting past its payment deadline (the server does it every minute)`;

export const IPO_OPTION_NAMES = [...Object.keys(OFFERING_FIELDS), 'seed'] as const;

export const IPO_OPTIONS: Record<IpoAction, readonly string[]> = {
  create: Object.keys(OFFERING_FIELDS),
  list: ['limit'],
  allot: ['id', 'seed'],
  listing: ['id'],
  'pay-due': [],
};

type Values = Partial<Record<string, string | boolean>>;
const str = (v: Values, k: string): string | undefined => (typeof v[k] === 'string' ? v[k] : undefined);

function summary(o: OfferingRow, now: number) {
  return {
    id: o.id,
    symbol: o.symbol,
    company: o.company,
    state: offeringState(o, now),
    price: formatMinor(o.price, 2),
    retailShares: o.retail_shares,
    lot: o.lot,
    opensAt: new Date(o.opens_at).toISOString(),
    closesAt: new Date(o.closes_at).toISOString(),
    payBy: new Date(o.pay_by).toISOString(),
    listAt: new Date(o.list_at).toISOString(),
    seed: o.seed,
    appliedShares: o.applied_shares,
    allottedShares: o.allotted_shares,
  };
}

/** Runs `ipo <action>`; a usage problem is reported through `usage`, a refusal as a BackofficeError. */
export async function ipoCommand(
  db: Db,
  action: IpoAction,
  values: Values,
  out: (line: string) => void,
  usage: (message: string) => Error,
): Promise<void> {
  const now = Date.now();
  const idOf = (): number => {
    const id = str(values, 'id') ?? '';
    if (!/^[1-9][0-9]{0,14}$/.test(id)) throw usage(`--id must be an offering id, got "${id}"`);
    return Number(id);
  };
  try {
    if (action === 'list') {
      const limit = str(values, 'limit') ?? '20';
      if (!/^[1-9][0-9]{0,2}$/.test(limit)) throw usage(`--limit must be 1 to 999, got "${limit}"`);
      const rows = await db
        .selectFrom('ipo_offerings')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(Number(limit))
        .execute();
      out(JSON.stringify({ command: 'ipo list', offerings: rows.map((o) => summary(o, now)) }));
    } else if (action === 'create') {
      const fields: Record<string, string> = {};
      for (const k of Object.keys(OFFERING_FIELDS)) {
        const v = str(values, k);
        if (v !== undefined) fields[k] = v;
      }
      const o = await createOffering(db, CLI_ACTOR, parseOfferingFields(fields), now);
      out(JSON.stringify({ command: 'ipo create', ...summary(o, now) }));
    } else if (action === 'allot') {
      const r = await runAllotment(db, CLI_ACTOR, idOf(), str(values, 'seed') ?? '', now);
      out(
        JSON.stringify({
          command: 'ipo allot',
          applications: r.applications,
          allotted: r.allotted,
          ...summary(r.offering, now),
        }),
      );
    } else if (action === 'listing') {
      const o = await markListed(db, CLI_ACTOR, idOf(), now);
      out(JSON.stringify({ command: 'ipo listing', ...summary(o, now) }));
    } else {
      out(JSON.stringify({ command: 'ipo pay-due', paid: await payDue(db, now) }));
    }
  } catch (e) {
    if (e instanceof IpoOperatorError) throw new BackofficeError('badStatus', e.message);
    throw e;
  }
}
