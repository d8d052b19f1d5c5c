// One fund (/pages/robot/list?tab=funds&fund=<id>): its strategy and target basket, NAV at the last close and
// indicative now, measured performance with its period, the holdings (indicative, last prices), the NAV at each
// close (a table), my units, the subscribe / redeem form and my requests of this fund.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FundInfo } from '../../../../contract/fund.ts';
import { useAccountScope } from '../../../shared/query/use-account-scope.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../../shared/ui/remote-state.ts';
import { Facts, pkrText, RiskNote } from '../robot-parts.tsx';
import s from '../robot.module.css';
import { dateText, FundFacts, Performance } from './fund-parts.tsx';
import { FundRequestForm } from './fund-request-form.tsx';
import { MyFundOrders } from './my-fund-orders.tsx';
import { fundInfoQuery, fundNavQuery } from './queries.ts';

function NavTable({ id }: { id: number }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const nav = useQuery(fundNavQuery(scope, id));
  return (
    <section className={s.section} aria-labelledby="fund-nav">
      <h2 id="fund-nav" className="small">
        {t('fund:detail.navHistory')}
      </h2>
      <RemoteView
        state={toRemoteState(nav)}
        onRetry={() => void nav.refetch()}
        isEmpty={(l) => l.length === 0}
        empty={<p className="muted small">{t('fund:detail.noNav')}</p>}
      >
        {(list) => (
          <table className="small" data-testid="fund-nav-table">
            <thead>
              <tr>
                <th>{t('fund:detail.date')}</th>
                <th>NAV</th>
                <th>{t('fund:detail.units')}</th>
              </tr>
            </thead>
            <tbody>
              {[...list].reverse().map((p) => (
                <tr key={p.t}>
                  <td>
                    <Num>{dateText(p.t)}</Num>
                  </td>
                  <td>
                    <Num>{p.nav}</Num>
                  </td>
                  <td>
                    <Num>{p.units}</Num>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </RemoteView>
    </section>
  );
}

function Body({ info }: { info: FundInfo }) {
  const { t } = useTranslation();
  const f = info.fund;
  return (
    <>
      <h2 data-testid="fund-name">{f.name}</h2>
      <FundFacts f={f} />
      <Performance f={f} />
      <section className={s.section} aria-labelledby="fund-mine-units">
        <h2 id="fund-mine-units" className="small">
          {t('fund:detail.mine')}
        </h2>
        <Facts
          testId="fund-my-units"
          rows={[
            { label: t('fund:detail.myUnits'), value: <Num>{f.myUnits}</Num> },
            { label: t('fund:detail.myFree'), value: <Num>{f.myFreeUnits}</Num> },
            { label: t('fund:detail.myValue'), value: <Num>{pkrText(f.myValue)}</Num> },
            ...(f.myPendingRedeem !== '0.0000'
              ? [{ label: t('fund:detail.pendingRedeem'), value: <Num>{f.myPendingRedeem}</Num> }]
              : []),
            ...(f.myNextUnlock
              ? [{ label: t('fund:detail.nextUnlock', { date: dateText(f.myNextUnlock) }), value: '' }]
              : []),
          ]}
        />
      </section>
      <FundRequestForm f={f} />
      <MyFundOrders fundId={f.id} />
      <section className={s.section} aria-labelledby="fund-strategy">
        <h2 id="fund-strategy" className="small">
          {t('fund:detail.strategy')}
        </h2>
        <p className="small">{f.strategy}</p>
        <Facts
          rows={[
            ...f.basket.map((b) => ({
              label: `${b.symbol} · ${b.name}`,
              value: <Num>{`${b.weightPct} %`}</Num>,
            })),
            { label: t('fund:detail.cashKept', { pct: f.cashPct }), value: '' },
          ]}
        />
      </section>
      <section className={s.section} aria-labelledby="fund-holdings">
        <h2 id="fund-holdings" className="small">
          {t('fund:detail.holdings')}
        </h2>
        {info.holdings.length === 0 ? (
          <p className="muted small">{t('fund:detail.noHoldings')}</p>
        ) : (
          <Facts
            testId="fund-holdings"
            rows={info.holdings.map((h) => ({
              label: `${h.symbol} × ${h.qty}`,
              value: <Num>{`${pkrText(h.value)} (${h.weightPct} %)`}</Num>,
            }))}
          />
        )}
        <Facts
          rows={[
            { label: t('fund:detail.cash'), value: <Num>{pkrText(info.cash)}</Num> },
            { label: t('fund:detail.assets'), value: <Num>{pkrText(info.assets)}</Num> },
            { label: t('fund:detail.units'), value: <Num>{info.units}</Num> },
          ]}
        />
      </section>
      <NavTable id={f.id} />
      <section className={s.section} aria-labelledby="fund-terms">
        <h2 id="fund-terms" className="small">
          {t('fund:detail.terms')}
        </h2>
        <ul className="small">
          {f.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default function FundDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const scope = useAccountScope();
  const info = useQuery(fundInfoQuery(scope, i18n.language, id));
  return (
    <div data-testid="fund-detail">
      <Link className="btn btn--ghost" to="?tab=funds" data-testid="fund-back">
        {t('fund:detail.back')}
      </Link>
      <RiskNote text={t('fund:risk')} />
      <RemoteView state={toRemoteState(info)} onRetry={() => void info.refetch()}>
        {(d) => <Body info={d} />}
      </RemoteView>
    </div>
  );
}
