// /pages/coinICO/icoDetail?id=: one token sale — price, tokens offered, the smallest unit, the minimum and the
// per-user cap, the four dates with a countdown to the next, what is committed so far in the caller's pool, the
// allocation rule in plain words (server/domain/ico/allocation.ts) and what happens to the money, then Commit
// while it is open (on the real account KYC first, as IPOs) or, once listed, the way to trade the pair.
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IcoSale } from '../../../contract/ico.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom, userInfoAtom } from '../../shared/state/session-atoms.ts';
import { Num } from '../../shared/ui/num.tsx';
import { amount, Countdown, SaleChip, saleName, usdt, when } from './ico-parts.tsx';
import { SalePage } from './sale-page.tsx';
import s from './ico.module.css';

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={s.facts}>
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Action({ o }: { o: IcoSale }) {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const account = useAtomValue(accountTypeAtom);
  if (o.state === 'listed')
    return (
      <Link
        className="btn btn--primary btn--block"
        to={routeTo('coin.coinKline', { symbol: o.pair })}
        data-testid="ico-trade"
      >
        {t('ico:detail.trade', { pair: `${o.token}/USDT` })}
      </Link>
    );
  if (o.state !== 'subscribing') return null;
  if (user && account === 'real' && user.idStatus !== 'succ')
    return (
      <div className={s.section} data-testid="ico-kyc-gate">
        <p className={s.notice}>{t('ico:detail.kycFirst')}</p>
        <Link className="btn btn--primary btn--block" to={routeTo('user.kyc')}>
          {t('ico:detail.kycGo')}
        </Link>
      </div>
    );
  return (
    <Link
      className="btn btn--primary btn--block"
      to={routeTo('coinICO.icoOrder', { id: o.id })}
      data-testid="ico-commit"
    >
      {t('ico:detail.commit')}
    </Link>
  );
}

function Detail({ o }: { o: IcoSale }) {
  const { t, i18n } = useTranslation();
  const account = useAtomValue(accountTypeAtom);
  const at = (v: number) => <Num>{when(v)}</Num>;
  return (
    <>
      <section className={s.card} data-testid="ico-detail" data-state={o.state}>
        <span className={s.cardHead}>
          <span className={s.name}>
            <strong>{saleName(o, i18n.language)}</strong>
            <Num className="muted small">{o.token}</Num>
          </span>
          <SaleChip state={o.state} />
        </span>
        <Countdown o={o} />
        <Facts
          rows={[
            [t('ico:field.price'), <Num key="p">{usdt(o.price)}</Num>],
            [t('ico:field.offered'), <Num key="o">{`${amount(o.tokensOffered)} ${o.token}`}</Num>],
            [
              t('ico:field.decimals'),
              <Num key="d">{`${(10 ** -o.tokenDecimals).toFixed(o.tokenDecimals)} ${o.token}`}</Num>,
            ],
            [t('ico:field.min'), <Num key="m">{usdt(o.minCommit)}</Num>],
            [t('ico:field.cap'), <Num key="c">{usdt(o.maxCommit)}</Num>],
            [t('ico:field.committed'), <Num key="t">{usdt(o.committed)}</Num>],
            [t('ico:field.committers'), <Num key="n">{String(o.committers)}</Num>],
            ...(o.oversubscription
              ? [
                  [t('ico:field.oversubscription'), <Num key="x">{`${o.oversubscription}×`}</Num>] as [
                    string,
                    ReactNode,
                  ],
                ]
              : []),
            ...(o.state === 'distributed' || o.state === 'listed'
              ? [
                  [t('ico:field.sold'), <Num key="s">{`${amount(o.soldTokens)} ${o.token}`}</Num>] as [
                    string,
                    ReactNode,
                  ],
                ]
              : []),
          ]}
        />
        <p className="muted small">{t('ico:detail.poolNote', { account: t(`trade:account.${account}`) })}</p>
      </section>
      <section className={s.section}>
        <Facts
          rows={[
            [t('ico:field.opens'), at(o.opensAt)],
            [t('ico:field.closes'), at(o.closesAt)],
            [t('ico:field.distribute'), at(o.distributedAt ?? o.distributeAt)],
            [t('ico:field.list'), at(o.listedAt ?? o.listAt)],
          ]}
        />
      </section>
      <Action o={o} />
      <section className={s.section}>
        <h2 className="section-title">{t('ico:field.rule')}</h2>
        <p className={s.prose} data-testid="ico-rule">
          {o.ruleText}
        </p>
        <p className={`muted small ${s.prose}`}>{t('ico:order.howMoney')}</p>
        <p className={`muted small ${s.prose}`}>{t('ico:detail.simulated')}</p>
      </section>
      {o.summary && (
        <section className={s.section}>
          <h2 className="section-title">{t('ico:field.summary')}</h2>
          <p className={s.prose}>{o.summary}</p>
        </section>
      )}
    </>
  );
}

export default function IcoDetailPage() {
  const { t } = useTranslation();
  return <SalePage title={t('nav:title.coinICO.icoDetail')}>{(o) => <Detail o={o} />}</SalePage>;
}
