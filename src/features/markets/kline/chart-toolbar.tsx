// Interval tabs and the main/sub indicator switches above the chart.
import { useTranslation } from 'react-i18next';
import { INTERVALS, type Interval } from '../../../../workers/protocol/market.ts';
import { MAIN_INDICATORS, SUB_INDICATORS, type MainIndicator, type SubIndicator } from './chart-prefs.ts';

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
    <div className="kl-intervals" role="tablist" aria-label={t('markets:kline.intervals')}>
      {INTERVALS.map((iv) => (
        <button
          key={iv}
          type="button"
          role="tab"
          aria-selected={iv === interval}
          className={`kl-iv${iv === interval ? ' is-active' : ''}`}
          data-testid={`iv-${iv}`}
          onClick={() => onInterval(iv)}
        >
          {t(`markets:kline.iv.${iv}`)}
        </button>
      ))}
    </div>
  );
}

export function IndicatorBar({ main, onMain, sub, onSub }: Omit<Props, 'interval' | 'onInterval'>) {
  const { t } = useTranslation();
  return (
    <div className="kl-inds" dir="ltr">
      <div className="kl-inds__group" role="radiogroup" aria-label={t('markets:kline.mainLabel')}>
        {MAIN_INDICATORS.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === main}
            className={`kl-ind${m === main ? ' is-active' : ''}`}
            data-testid={`main-${m}`}
            onClick={() => onMain(m)}
          >
            {m}
          </button>
        ))}
      </div>
      <span className="kl-inds__sep" aria-hidden="true" />
      <div className="kl-inds__group" role="radiogroup" aria-label={t('markets:kline.subLabel')}>
        {SUB_INDICATORS.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={s === sub}
            className={`kl-ind${s === sub ? ' is-active' : ''}`}
            data-testid={`sub-${s}`}
            onClick={() => onSub(s)}
          >
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}
