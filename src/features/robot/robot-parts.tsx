// Pieces the robot screens share: money and percentage texts with their rise/fall colour, the strategy and
// state tags, the measured record of a product (always with its period, losses shown like gains), a fact
// list and the capital-at-risk warning.
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RobotOrderState, RobotProduct, RobotTrack } from '../../../contract/robot.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPct, formatPKRAmount } from '../../shared/format/numbers.ts';
import { Num } from '../../shared/ui/num.tsx';
import { toneClass, type Tone } from '../../shared/ui/tone.ts';
import s from './robot.module.css';

export const pkrText = (v: string) => `${formatPKRAmount(v)} PKR`;
export const dayText = (ms: number) => formatDate(ms, 'YYYY-MM-DD');

function toneOf(v: string): Tone {
  if (/^-/.test(v) && /[1-9]/.test(v)) return 'down';
  return /[1-9]/.test(v) ? 'up' : 'flat';
}

/** A signed PKR figure in its rise/fall colour ('+1,234.00 PKR', '-50.00 PKR'). */
export function SignedPkr({ value }: { value: string }) {
  const tone = toneOf(value);
  const sign = tone === 'up' ? '+' : '';
  return <Num className={toneClass(tone)}>{`${sign}${pkrText(value)}`}</Num>;
}

/** A measured percentage in its colour, or a dash when there is nothing to measure yet (''). */
export function SignedPct({ value }: { value: string }) {
  if (value === '') return <Num>—</Num>;
  return <Num className={toneClass(toneOf(value))}>{formatPct(value)}</Num>;
}

export function StrategyTag({ strategy }: { strategy: RobotProduct['strategy'] }) {
  const { t } = useTranslation();
  return <span className={s.tag}>{t(`robot:strategy.${strategy}`)}</span>;
}

export function StateTag({ state }: { state: RobotOrderState }) {
  const { t } = useTranslation();
  return (
    <span className={s.state} data-testid="robot-state" data-state={state}>
      {t(`robot:state.${state}`)}
    </span>
  );
}

export function Facts({ rows, testId }: { rows: { label: string; value: ReactNode }[]; testId?: string }) {
  return (
    <dl className={s.facts} data-testid={testId}>
      {rows.map((r) => (
        <Fragment key={r.label}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The product's measured record: the period first, then net P&L and the ratios over it, or "nothing yet". */
export function TrackSummary({ track }: { track: RobotTrack }) {
  const { t } = useTranslation();
  if (track.since === null)
    return (
      <p className={s.period} data-testid="robot-track">
        {t('robot:track.none')}
      </p>
    );
  return (
    <div className={s.section} data-testid="robot-track">
      <p className={s.period}>
        {t('robot:track.period', {
          from: dayText(track.since),
          to: dayText(track.until),
          days: track.days,
          orders: track.orders,
        })}
      </p>
      <Facts
        rows={[
          { label: t('robot:track.netPnl'), value: <SignedPkr value={track.netPnl} /> },
          { label: t('robot:track.profitRatio'), value: <SignedPct value={track.profitRatio} /> },
          { label: t('robot:track.dailyReturnRate'), value: <SignedPct value={track.dailyReturnRate} /> },
        ]}
      />
    </div>
  );
}

export function RiskNote({ text }: { text?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <p className={s.warning} role="note" data-testid="robot-risk">
      {text || t('robot:risk')}
    </p>
  );
}

/** The fees of a product, stated up front. */
export function feeRows(p: RobotProduct, t: TFunction) {
  return [
    { label: t('robot:fees.entry'), value: <Num>{`${p.entryFeePct}%`}</Num> },
    { label: t('robot:fees.performance'), value: <Num>{`${p.performanceFeePct}%`}</Num> },
    { label: t('robot:fees.earlyExit'), value: <Num>{`${p.earlyExitFeePct}%`}</Num> },
    { label: t('robot:fees.trading'), value: t('robot:fees.tradingValue') },
  ];
}
