// Pieces the fund screens share: a fund card for the list, a request row (pending → confirmed at NAV x, units),
// the measured performance with its period, and the PKR / units / date texts.
import { useTranslation } from 'react-i18next';
import type { FundOrder, FundProduct } from '../../../../contract/fund.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { Facts, pkrText, SignedPct } from '../robot-parts.tsx';
import s from '../robot.module.css';

export const timeText = (ms: number) => formatDate(ms, 'YYYY-MM-DD HH:mm');
export const dateText = (ms: number) => formatDate(ms, 'YYYY-MM-DD');

export function Performance({ f }: { f: FundProduct }) {
  const { t } = useTranslation();
  const p = f.performance;
  return (
    <div data-testid="fund-performance">
      {p.profitRatio !== '' && (
        <Facts
          rows={[
            {
              label: `${t('fund:perf.change')} · ${t('fund:perf.since', { date: dateText(p.since) })}`,
              value: <SignedPct value={p.profitRatio} />,
            },
            ...(p.dailyReturnRate !== ''
              ? [{ label: t('fund:perf.daily'), value: <SignedPct value={p.dailyReturnRate} /> }]
              : []),
          ]}
        />
      )}
      <p className={s.period}>{p.note}</p>
    </div>
  );
}

export function FundFacts({ f }: { f: FundProduct }) {
  const { t } = useTranslation();
  return (
    <Facts
      rows={[
        {
          label: f.navAt ? t('fund:list.nav', { at: dateText(f.navAt) }) : t('fund:list.navLaunch'),
          value: <Num>{pkrText(f.nav)}</Num>,
        },
        { label: t('fund:list.indicative'), value: <Num>{pkrText(f.indicativeNav)}</Num> },
        { label: t('fund:list.lockIn'), value: t('robot:days', { n: f.lockDays }) },
        { label: t('fund:list.fee'), value: <Num>{`${f.entryFeePct} %`}</Num> },
        {
          label: t('fund:list.managementFee'),
          value: t('fund:list.perYear', { pct: f.managementFeePct }),
        },
        { label: t('fund:list.min'), value: <Num>{pkrText(f.minSubscribe)}</Num> },
      ]}
    />
  );
}

export function FundOrderRow({ o }: { o: FundOrder }) {
  const { t } = useTranslation();
  return (
    <li className={s.card} data-testid="fund-order" data-state={o.state}>
      <span className={s.cardHead}>
        <span>
          {t(`fund:order.${o.side}`)} · {o.fundName}
        </span>
        <span className={s.state}>{t(`fund:order.${o.state}`)}</span>
      </span>
      <Facts
        rows={[
          ...(o.side === 'subscribe'
            ? [{ label: t('fund:order.amount'), value: <Num>{pkrText(o.amount)}</Num> }]
            : [{ label: t('fund:order.units'), value: <Num>{o.units}</Num> }]),
          ...(o.state === 'confirmed'
            ? [
                { label: t('fund:order.atNav', { nav: o.nav }), value: '' },
                o.side === 'subscribe'
                  ? { label: t('fund:order.units'), value: <Num>{o.units}</Num> }
                  : { label: t('fund:order.received'), value: <Num>{pkrText(o.amount)}</Num> },
                ...(o.side === 'subscribe'
                  ? [{ label: t('fund:order.fee'), value: <Num>{pkrText(o.fee)}</Num> }]
                  : []),
              ]
            : [{ label: t('fund:order.waits', { time: timeText(o.dealAt) }), value: '' }]),
        ]}
      />
    </li>
  );
}
