// One order of the order centre: side, symbol, type and time; price, quantity filled of ordered, the frozen
// cash of the unfilled part, fees, status; open orders carry a Cancel button (disabled offline, `blocked`
// names the reason said above the list). The order just placed is outlined (`fresh`).
import { useTranslation } from 'react-i18next';
import type { StockOrder } from '../../../workers/protocol/trade.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount, truncate, withThousands } from '../../shared/format/numbers.ts';
import { Num } from '../../shared/ui/num.tsx';
import { cx } from '../../shared/ui/cx.ts';
import s from './order-row.module.css';

export function OrderRow({
  order,
  onCancel,
  fresh = false,
  blocked = null,
}: {
  order: StockOrder;
  onCancel?: (o: StockOrder) => void;
  fresh?: boolean;
  blocked?: { reasonId: string } | null;
}) {
  const { t, i18n } = useTranslation();
  const open = order.status === 'pending' || order.status === 'partial';
  const price = order.type === 'market' ? t('trade:type.market') : truncate(order.price, 2);
  return (
    <article
      className={cx(s.row, fresh && s.fresh)}
      data-testid="order-row"
      data-status={order.status}
      data-id={order.id}
      data-fresh={fresh || undefined}
    >
      <div className={s.top}>
        <span className={cx(s.side, s[order.side])}>{t(`trade:orders.side.${order.side}`)}</span>
        <Num className={s.sym}>{order.symbol}</Num>
        <span className={s.name}>
          {i18n.language === 'ur-PK' ? order.nameUr || order.nameEn : order.nameEn}
        </span>
        <span className={s.status} data-status={order.status}>
          {t(`trade:orders.status.${order.status}`)}
        </span>
      </div>
      <dl className={s.grid}>
        <div>
          <dt>{t('trade:orders.price')}</dt>
          <dd>
            <Num>{price}</Num>
          </dd>
        </div>
        <div>
          <dt>{t('trade:orders.filled')}</dt>
          <dd>
            <Num>
              {withThousands(order.filledQty)}/{withThousands(order.qty)}
            </Num>
          </dd>
        </div>
        <div>
          <dt>{t('trade:orders.avgPrice')}</dt>
          <dd>
            <Num>{order.avgPrice === '0' ? '—' : truncate(order.avgPrice, 2)}</Num>
          </dd>
        </div>
        <div>
          <dt>{open ? t('trade:orders.frozen') : t('trade:orders.fee')}</dt>
          <dd data-testid={open ? 'order-frozen' : undefined}>
            <Num>{formatPKRAmount(open ? order.frozen : order.fee.total)}</Num>
          </dd>
        </div>
      </dl>
      <div className={s.foot}>
        <Num className="muted small">{formatDate(order.createdAt, 'YYYY-MM-DD HH:mm:ss')}</Num>
        {order.reason && <span className={`small ${s.reason}`}>{order.reason}</span>}
        {open && onCancel && (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            data-testid="cancel-order"
            disabled={!!blocked}
            aria-describedby={blocked?.reasonId}
            onClick={() => onCancel(order)}
          >
            {t('trade:orders.cancel')}
          </button>
        )}
      </div>
    </article>
  );
}
