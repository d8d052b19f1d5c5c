// The holders' personal messages of shareholder voting, sent by the leader's periodic pass (plugins/
// vote-notices.ts): when a resolution opens (its record date has come: every holder at that date may now vote)
// and when its results are out (the deadline has passed). Each resolution is claimed once per kind
// (opened_sent_at / results_sent_at set in the same transaction as the messages), and a message is one per
// (user, event key), so a pass run twice, or on two nodes, sends each message once.
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { insertMessage } from '../content/messages-repo.ts';
import { holdersAt } from './holdings.ts';

type Stage = 'opened' | 'results';

async function sendStage(db: Db, stage: Stage, now: number): Promise<number> {
  const sentCol = stage === 'opened' ? 'opened_sent_at' : 'results_sent_at';
  const dueCol = stage === 'opened' ? 'record_at' : 'deadline_at';
  const due = await db
    .selectFrom('vote_resolutions')
    .select(['id', 'symbol', 'record_at', 'meeting'])
    .where(sentCol, 'is', null)
    .where(dueCol, '<=', now)
    .orderBy('id')
    .limit(20)
    .execute();
  let sent = 0;
  for (const r of due) {
    sent += await inTx(db, async (tx) => {
      const claimed = await tx
        .updateTable('vote_resolutions')
        .set({ [sentCol]: now })
        .where('id', '=', r.id)
        .where(sentCol, 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return 0;
      const holders = await holdersAt(tx, r.symbol, r.record_at);
      for (const h of holders) {
        await insertMessage(tx, {
          userId: h.userId,
          kind: 'vote',
          eventKey: `vote:${stage}:${r.id}:${h.accountId}`,
          textKey: stage === 'opened' ? 'voteOpened' : 'voteResults',
          params: { symbol: r.symbol, qty: h.qty.toString() },
          link: `${ROUTE_PATHS['stock.voteUrl']}?id=${r.id}`,
          now,
        });
      }
      return holders.length;
    });
  }
  return sent;
}

/** Send every due "voting open" and "results out" message; the number of messages written. */
export async function sendVoteNotices(db: Db, now: number): Promise<number> {
  return (await sendStage(db, 'opened', now)) + (await sendStage(db, 'results', now));
}
