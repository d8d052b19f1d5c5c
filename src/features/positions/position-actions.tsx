// What a tapped position offers: its locked shares and until when, its chart, buy more, or sell.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import s from './position-actions.module.css';
// ---- block trades (issue 17 §5): the locked shares and until when
import { PositionLocks } from './position-locks.tsx';

export function PositionActions({ symbol, onClose }: { symbol: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <BottomSheet open={!!symbol} title={symbol ?? ''} onClose={onClose}>
      {symbol && (
        <div className={s.actions}>
          {/* ---- block trades (issue 17 §5) */}
          <PositionLocks symbol={symbol} />
          <Link className="btn btn--ghost btn--block" to={routeTo('stock.stockKline', { symbol })}>
            {t('trade:positions.chart')}
          </Link>
          <div className={s.pair}>
            <Link
              className="btn btn--up"
              to={routeTo('stock.order', { symbol, side: 'buy' })}
              data-testid="position-buy"
            >
              {t('trade:side.buy')}
            </Link>
            <Link
              className="btn btn--down"
              to={routeTo('stock.order', { symbol, side: 'sell' })}
              data-testid="position-sell"
            >
              {t('trade:side.sell')}
            </Link>
          </div>
        </div>
      )}
    </BottomSheet>
  );
}
