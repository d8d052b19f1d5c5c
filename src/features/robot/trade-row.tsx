// One engine order of a robot (a real order of its trading account): side, symbol, filled/quantity at the
// average price, the fee, the engine's status, and why the strategy placed it.
import { useTranslation } from 'react-i18next';
import type { RobotTradeOrder } from '../../../contract/robot.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { Num } from '../../shared/ui/num.tsx';
import { toneClass } from '../../shared/ui/tone.ts';
import { pkrText } from './robot-parts.tsx';
import s from './robot.module.css';

export function TradeRow({ x }: { x: RobotTradeOrder }) {
  const { t } = useTranslation();
  const price = x.avgPrice !== '0' ? x.avgPrice : x.price;
  return (
    <li className={s.row} data-testid="robot-trade" data-side={x.side}>
      <span className={s.rowMain}>
        <strong className={toneClass(x.side === 'buy' ? 'up' : 'down')}>
          {t(`robot:record.side.${x.side}`)} <Num>{x.symbol}</Num>
        </strong>
        <span className="muted small">{x.reason}</span>
        <span className="muted small">
          <Num>{formatDate(x.createdAt, 'YYYY-MM-DD HH:mm')}</Num> ·{' '}
          {t(`robot:record.status.${x.status}`, x.status)}
        </span>
      </span>
      <span className={s.rowNums}>
        <Num>{`${x.filledQty}/${x.qty} @ ${price}`}</Num>
        <span className="muted small">
          {t('robot:record.fee')} <Num>{pkrText(x.fee)}</Num>
        </span>
      </span>
    </li>
  );
}
