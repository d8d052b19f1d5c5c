// Pieces of the voting screens: the state chip, the countdown to the next state change, the dates, the
// ballot form (choose an option, vote or change the vote) and the weighted results with the turnout. Share
// counts are the server's exact decimal strings, grouped; percentages are computed from integers only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoteResolution, VoteResults } from '../../../contract/vote.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { withThousands } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { Countdown as SharedCountdown } from '../../shared/ui/countdown.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { castVote, invalidateVotes, nextChange } from './queries.ts';
import s from './vote.module.css';

export const when = (ms: number): string => formatDate(ms, 'YYYY-MM-DD HH:mm');
const group = (n: string): string => withThousands(n);

/** part / whole as a percentage with one decimal, truncated, from integer strings only. */
export function percent(part: string, whole: string): string {
  const w = BigInt(whole);
  if (w === 0n) return '0.0';
  const tenths = (BigInt(part) * 1000n) / w;
  return `${tenths / 10n}.${tenths % 10n}`;
}

export function StateChip({ r }: { r: VoteResolution }) {
  const { t } = useTranslation();
  return (
    <span className={s.chip} data-state={r.state} data-testid="vote-state">
      {t(`vote:state.${r.state}`)}
    </span>
  );
}

export function Countdown({ r, now }: { r: VoteResolution; now: number }) {
  const { t } = useTranslation();
  const at = nextChange(r);
  if (at === null) return null;
  return (
    <SharedCountdown
      at={at}
      now={now}
      label={(time) => t(r.state === 'upcoming' ? 'vote:opensIn' : 'vote:closesIn', { time })}
      testId="vote-countdown"
    />
  );
}

export function Dates({ r }: { r: VoteResolution }) {
  const { t } = useTranslation();
  return (
    <dl className={s.facts}>
      <dt>{t('vote:recordDate')}</dt>
      <dd>
        <Num>{when(r.recordAt)}</Num>
      </dd>
      <dt>{t('vote:deadline')}</dt>
      <dd>
        <Num>{when(r.deadlineAt)}</Num>
      </dd>
      <dt>{t(r.state === 'upcoming' ? 'vote:yourSharesNow' : 'vote:yourShares')}</dt>
      <dd data-testid="vote-shares">
        <Num>{group(r.shares)}</Num>
      </dd>
    </dl>
  );
}

/** Choose an option and vote, or change the vote, while the resolution is open. */
export function BallotForm({ r }: { r: VoteResolution }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const name = useId();
  // What the user picked on this screen; until then the ballot already cast.
  const [picked, setChoice] = useState<number | null>(null);
  const choice = picked ?? r.myChoice;
  const send = useMutation({
    mutationFn: (option: number) => castVote(r.id, option),
    onSettled: () => invalidateVotes(client, scope),
  });
  const submit = async () => {
    if (choice === null) return;
    try {
      const saved = await send.mutateAsync(choice);
      showToast(t('vote:saved', { option: saved.options[saved.myChoice ?? 0] ?? '' }), { icon: 'success' });
    } catch (error) {
      toastCallFailure(error);
    }
  };
  const unchanged = choice === r.myChoice;
  return (
    <form
      className={s.ballot}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className={s.options}>
        <legend className="small muted">
          {r.myChoice === null ? t('vote:notVoted') : `${t('vote:yourVote')}: ${r.options[r.myChoice] ?? ''}`}
        </legend>
        {r.options.map((label, i) => (
          <label key={i} className={s.option} data-testid={`vote-option-${i}`}>
            <input type="radio" name={name} value={i} checked={choice === i} onChange={() => setChoice(i)} />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <p className="small muted">{t('vote:changeRule')}</p>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={choice === null || unchanged || send.isPending}
        data-testid="vote-submit"
      >
        {t(r.myChoice === null ? 'vote:cast' : 'vote:change')}
      </button>
    </form>
  );
}

export function Results({ r, results }: { r: VoteResolution; results: VoteResults }) {
  const { t } = useTranslation();
  const kind = useAtomValue(accountTypeAtom) === 'demo' ? 'demo' : 'real';
  return (
    <section className={s.results} data-testid="vote-results" aria-label={t('vote:results')}>
      <h3 className={s.resultsTitle}>{t('vote:results')}</h3>
      <ul className={s.bars}>
        {r.options.map((label, i) => {
          const total = results.totals[i] ?? '0';
          const pct = percent(total, results.voted);
          return (
            <li key={i} data-testid={`vote-result-${i}`} data-mine={r.myChoice === i ? 'yes' : 'no'}>
              <div className={s.barHead}>
                <span>
                  {label}
                  {r.myChoice === i && <span className={s.mine}> ✓ {t('vote:yourVote')}</span>}
                </span>
                <span className="small" data-testid={`vote-result-${i}-shares`}>
                  <Num>{t('vote:optionShare', { shares: group(total), pct })}</Num>
                </span>
              </div>
              <div className={s.track} aria-hidden="true">
                <div className={s.fill} style={{ inlineSize: `${pct}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="small" data-testid="vote-turnout">
        {t('vote:turnout', {
          pct: `${Math.trunc(results.turnoutBp / 100)}.${String(results.turnoutBp % 100).padStart(2, '0')}`,
          voted: group(results.voted),
          eligible: group(results.eligible),
          voters: results.voters,
        })}
      </p>
      <p className="small muted">{t('vote:resultsRule', { kind: t(`vote:kind.${kind}`) })}</p>
    </section>
  );
}
