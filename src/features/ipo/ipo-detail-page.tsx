// /pages/stockIPO/ipoDetail?id=: one offering — company, price (or band and strike), lot, min / max, the dates
// of its life (spec §4) with a countdown to the next, demand so far, the allotment rule in plain words (server/domain/ipo/allotment.ts:
// ballot, then pro rata; the seed once allotted), the prospectus summary, and Subscribe while it is open. On
// the real account Subscribe needs KYC first (spec §8); the demo account may apply without.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IpoOffering } from '../../../contract/ipo.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom, userInfoAtom } from '../../shared/state/session-atoms.ts';
import { useNow } from '../../shared/ui/use-now.ts';
import { Num } from '../../shared/ui/num.tsx';
import { lotCost, OfferingChip, OfferingCountdown, PriceText, shares, when } from './ipo-parts.tsx';
import { ltr } from '../../shared/format/bidi.ts';
import { OfferingPage } from './offering-page.tsx';
import s from './ipo.module.css';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={s.facts}>
      {rows.map(([k, v]) => (
        <FactRow key={k} label={k} value={v} />
      ))}
    </dl>
  );
}

function FactRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function SubscribeAction({ o }: { o: IpoOffering }) {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const account = useAtomValue(accountTypeAtom);
  if (o.state !== 'subscribing')
    return <p className={s.notice}>{t(`ipo:detail.closedFor.${o.state}`, { at: ltr(when(o.opensAt)) })}</p>;
  if (user && account === 'real' && user.idStatus !== 'succ')
    return (
      <div className={s.section} data-testid="ipo-kyc-gate">
        <p className={s.notice}>{t('ipo:detail.kycFirst')}</p>
        <Link className="btn btn--primary btn--block" to={routeTo('user.kyc')}>
          {t('ipo:detail.kycGo')}
        </Link>
      </div>
    );
  return (
    <Link
      className="btn btn--primary btn--block"
      to={routeTo('stockIPO.ipoOrder', { id: o.id })}
      data-testid="ipo-subscribe"
    >
      {t('ipo:detail.subscribe')}
    </Link>
  );
}

function Detail({ o }: { o: IpoOffering }) {
  const { t } = useTranslation();
  const n = (v: number) => <Num>{shares(v)}</Num>;
  const at = (v: number) => <Num>{when(v)}</Num>;
  const now = useNow();
  return (
    <>
      <section className={s.card} data-testid="ipo-detail" data-state={o.state}>
        <span className={s.cardHead}>
          <span className={s.name}>
            <strong>{o.company}</strong>
            <span className="muted small">
              <Num>{o.symbol}</Num> · {o.sector}
              {o.shariah && ` · ${t('ipo:field.shariah')}`}
            </span>
          </span>
          <OfferingChip state={o.state} />
        </span>
        <Facts
          rows={[
            [t('ipo:field.price'), <PriceText key="p" o={o} />],
            [t('ipo:field.lot'), n(o.lot)],
            [t('ipo:field.minMax'), <Num key="m">{`${shares(o.minQty)} – ${shares(o.maxQty)}`}</Num>],
            [t('ipo:field.lotCost'), <Num key="c">{`${formatPKRAmount(lotCost(o))} PKR`}</Num>],
            [t('ipo:field.retail'), n(o.retailShares)],
            [t('ipo:field.total'), n(o.totalShares)],
            [t('ipo:field.demand'), n(o.appliedQty)],
            [t('ipo:field.applicants'), n(o.applicants)],
          ]}
        />
      </section>
      <section className={s.section}>
        <h2 className="section-title">{t('ipo:detail.dates')}</h2>
        <Facts
          rows={[
            [t('ipo:field.opens'), at(o.opensAt)],
            [t('ipo:field.closes'), at(o.closesAt)],
            [t('ipo:field.allot'), at(o.allottedAt ?? o.allotAt)],
            [t('ipo:field.payBy'), at(o.payBy)],
            [t('ipo:field.list'), at(o.listedAt ?? o.listAt)],
          ]}
        />
        <OfferingCountdown o={o} now={now} />
      </section>
      <SubscribeAction o={o} />
      <section className={s.section}>
        <h2 className="section-title">{t('ipo:detail.howAllotment')}</h2>
        <p className={s.prose} data-testid="ipo-rule">
          {o.ruleText}
        </p>
        <p className={`muted small ${s.prose}`}>{t('ipo:detail.money')}</p>
        {o.seed && (
          <Facts
            rows={[
              [t('ipo:field.oversubscription'), <Num key="o">{`${o.oversubscription}×`}</Num>],
              [t('ipo:field.allottedQty'), n(o.allottedQty)],
              [t('ipo:field.seed'), <Num key="s">{o.seed}</Num>],
            ]}
          />
        )}
      </section>
      {o.prospectus && (
        <section className={s.section}>
          <h2 className="section-title">{t('ipo:detail.prospectus')}</h2>
          <p className={s.prose}>{o.prospectus}</p>
        </section>
      )}
    </>
  );
}

export default function IpoDetailPage() {
  const { t } = useTranslation();
  return <OfferingPage title={t('nav:title.stockIPO.ipoDetail')}>{(o) => <Detail o={o} />}</OfferingPage>;
}
