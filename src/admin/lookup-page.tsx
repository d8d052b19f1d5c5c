// User lookup (support and up): by user id or mobile number → the account, KYC status, real balances, recent
// KYC submissions. Nothing else about the user.
import { useState, type FormEvent } from 'react';
import { apiGet } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';
import type { LookupResult } from './types.ts';
import { VipStrategySwitch } from './vip-strategy-switch.tsx';
// ---- placements (issue 17 §4): the user's investor type
import { InvestorTypeSwitch } from './investor-type-switch.tsx';

export function LookupPage() {
  const t = useT();
  const [result, setResult] = useState<LookupResult | null>(null);
  const [error, setError] = useState('');
  const search = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    setResult(null);
    try {
      setResult(
        await apiGet<LookupResult>('lookup', { q: String(new FormData(e.currentTarget).get('q') ?? '') }),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.error'));
    }
  };
  return (
    <section aria-labelledby="lookup-title">
      <h2 id="lookup-title" className={s.heading}>
        {t('nav.lookup')}
      </h2>
      <form className={s.inline} onSubmit={(e) => void search(e)}>
        <label className={s.field}>
          {t('lookup.query')}
          <input name="q" required maxLength={16} dir="ltr" inputMode="tel" className={s.input} />
        </label>
        <button type="submit" className={s.primary}>
          {t('lookup.search')}
        </button>
      </form>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      {result && (
        <div className={s.card}>
          <dl className={s.fields}>
            <div className={s.fieldRow}>
              <dt>{t('kyc.userId')}</dt>
              <dd>
                <bdi dir="ltr">{result.userId}</bdi>
              </dd>
            </div>
            <div className={s.fieldRow}>
              <dt>{t('lookup.phone')}</dt>
              <dd>
                <bdi dir="ltr">{result.phone}</bdi>
              </dd>
            </div>
            <div className={s.fieldRow}>
              <dt>{t('lookup.kyc')}</dt>
              <dd>{t(`status.${result.idStatus}`)}</dd>
            </div>
          </dl>
          <VipStrategySwitch key={result.userId} userId={result.userId} />
          <InvestorTypeSwitch key={`investor-${result.userId}`} userId={result.userId} />
          <h3 className={s.heading}>{t('lookup.accounts')}</h3>
          <ul className={s.list}>
            {result.accounts.map((a) => (
              <li key={a.accountId} className={s.row}>
                <span>
                  {a.type} <bdi dir="ltr">#{a.accountId}</bdi>
                </span>
                <span>
                  {t('lookup.available')} <bdi dir="ltr">PKR {a.available}</bdi> · {t('lookup.frozen')}{' '}
                  <bdi dir="ltr">PKR {a.frozen}</bdi>
                </span>
              </li>
            ))}
          </ul>
          <h3 className={s.heading}>{t('lookup.creditScore')}</h3>
          <p>
            <bdi dir="ltr">{result.credit.score}</bdi> ({result.credit.tier})
          </p>
          <h3 className={s.heading}>{t('lookup.loans')}</h3>
          <ul className={s.list}>
            {result.loans.map((l) => (
              <li key={l.id} className={s.row}>
                <bdi dir="ltr">
                  #{l.id} PKR {l.amount} → {l.total}
                </bdi>{' '}
                {l.status}
                {l.lateDays > 0 ? ` · ${t('loan.lateDays')} ${l.lateDays}` : ''}
              </li>
            ))}
          </ul>
          <h3 className={s.heading}>{t('lookup.submissions')}</h3>
          <ul className={s.list}>
            {result.submissions.map((x) => (
              <li key={x.id} className={s.row}>
                <bdi dir="ltr">#{x.id}</bdi> {t(`status.${x.status}`)} {x.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
