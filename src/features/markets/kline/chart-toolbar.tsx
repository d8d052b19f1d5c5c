// Interval tabs and the main/sub indicator switches above the chart.
import { useTranslation } from 'react-i18next';
import { INTERVALS, type Interval } from '../../../../workers/protocol/market.ts';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { MAIN_INDICATORS, SUB_INDICATORS, type MainIndicator, type SubIndicator } from './chart-prefs.ts';
import s from './chart-toolbar.module.css';

interface Props {
  interval: Interval;
  onInterval: (iv: Interval) => void;
  main: MainIndicator;
  onMain: (m: MainIndicator) => void;
  sub: SubIndicator;
  onSub: (s: SubIndicator) => void;
}

export function IntervalBar({ interval, onInterval }: Pick<Props, 'interval' | 'onInterval'>) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={INTERVALS.map((iv) => ({ value: iv, label: t(`markets:kline.iv.${iv}`), testId: `iv-${iv}` }))}
      value={interval}
      onChange={onInterval}
      label={t('markets:kline.intervals')}
      variant="pill"
      scrollable
      // Each interval loads a history: arrows only move focus, Enter or Space picks one.
      activation="manual"
      className={s.intervals}
    />
  );
}

export function IndicatorBar({ main, onMain, sub, onSub }: Omit<Props, 'interval' | 'onInterval'>) {
  const { t } = useTranslation();
  return (
    <div className={s.inds} dir="ltr">
      <div className={s.group} role="radiogroup" aria-label={t('markets:kline.mainLabel')}>
        {MAIN_INDICATORS.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === main}
            className={s.ind}
            data-testid={`main-${m}`}
            onClick={() => onMain(m)}
          >
            {m}
          </button>
        ))}
      </div>
      <span className={s.sep} aria-hidden="true" />
      <div className={s.group} role="radiogroup" aria-label={t('markets:kline.subLabel')}>
        {SUB_INDICATORS.map((ind) => (
          <button
            key={ind}
            type="button"
            role="radio"
            aria-checked={ind === sub}
            className={s.ind}
            data-testid={`sub-${ind}`}
            onClick={() => onSub(ind)}
          >
            {ind}
          </button>
        ))}
      </div>
    </div>
  );
}
