// /pages/coinICO/applyList: the caller's token-sale commitments on the current account (real or demo), newest
// first; each says what was committed, what is frozen now and, once distributed, the tokens received, what they
// cost and what was refunded, with a link to the sale (and to trade the pair once listed).
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IcoCommitment } from '../../../contract/ico.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Facts } from './ico-detail-page.tsx';
import { amount, CommitmentChip, usdt, when } from './ico-parts.tsx';
import { commitmentsQuery } from './queries.ts';
import s from './ico.module.css';

function CommitmentCard({ c }: { c: IcoCommitment }) {
  const { t } = useTranslation();
  const done = c.state === 'distributed';
  return (
    <article className={s.card} data-testid="ico-commitment" data-token={c.token} data-state={c.state}>
      <span className={s.cardHead}>
        <Link className={s.name} to={routeTo('coinICO.icoDetail', { id: c.saleId })}>
          <strong>
            <Num>{c.token}</Num>
          </strong>
          <Num className="muted small">{when(c.createdAt)}</Num>
        </Link>
        <CommitmentChip state={c.state} />
      </span>
      <Facts
        rows={[
          [t('ico:apply.price'), <Num key="p">{usdt(c.price)}</Num>],
          [t('ico:apply.amount'), <Num key="a">{usdt(c.amount)}</Num>],
          [
            t('ico:apply.frozen'),
            <span key="f" data-testid="ico-frozen">
              <Num>{usdt(c.frozen)}</Num>
            </span>,
          ],
          ...(done
            ? ([
                [
                  t('ico:apply.tokens'),
                  <span key="t" data-testid="ico-tokens">
                    <Num>{`${amount(c.tokens)} ${c.token}`}</Num>
                  </span>,
                ],
                [t('ico:apply.spent'), <Num key="s">{usdt(c.spent)}</Num>],
                [
                  t('ico:apply.refunded'),
                  <span key="r" data-testid="ico-refunded">
                    <Num>{usdt(c.refunded)}</Num>
                  </span>,
                ],
              ] as [string, ReactNode][])
            : [
                [t('ico:field.distribute'), <Num key="d">{when(c.distributeAt)}</Num>] as [string, ReactNode],
              ]),
        ]}
      />
      {c.listed && (
        <Link
          className="btn btn--block"
          to={routeTo('coin.coinKline', { symbol: c.pair })}
          data-testid="ico-listed"
        >
          {t('ico:apply.listed', { pair: `${c.token}/USDT` })}
        </Link>
      )}
    </article>
  );
}

export default function ApplyListPage() {
  const { t } = useTranslation();
  const records = useInfiniteQuery(commitmentsQuery(useAccountScope()));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.coinICO.applyList')} />
      <div className="page__body">
        <PagedList
          query={records}
          testId="ico-commitments"
          itemKey={(c) => c.id}
          renderItem={(c) => <CommitmentCard c={c} />}
          empty={
            <EmptyState
              title={t('ico:apply.empty')}
              testId="ico-commitments-empty"
              action={
                <Link className="btn btn--primary" to={routeTo('coinICO.icoList')}>
                  {t('nav:title.coinICO.icoList')}
                </Link>
              }
            />
          }
        />
      </div>
    </div>
  );
}
