// Pieces of the block-trade screens: the state chip, a block's card (a link to its detail) and its money facts
// (block price, discount against the last close, the overflow price against the market now). Amounts are the
// server's exact decimal strings, grouped; times are Pakistan time.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlockState, BulkBlock } from '../../../contract/bulk.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount, withThousands } from '../../shared/format/numbers.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { Num } from '../../shared/ui/num.tsx';
import s from './bulk.module.css';

export const when = (ms: number): string => formatDate(ms, 'YYYY-MM-DD HH:mm');
export const day = (ms: number): string => formatDate(ms, 'YYYY-MM-DD');
export const pkr = (amount: string): string => `${formatPKRAmount(amount)} PKR`;
export const shares = (n: number): string => withThousands(n);
export const paisa = (amount: string): bigint => parseMinor(amount, 2) ?? 0n;
/** price × qty as a PKR decimal string, from integers only. */
export const costOf = (price: string, qty: number): string => formatMinor(paisa(price) * BigInt(qty), 2);

export function BlockChip({ state }: { state: BlockState }) {
  const { t } = useTranslation();
  return (
    <span className={s.chip} data-state={state} data-testid="bulk-state">
      {t(`bulk:state.${state}`)}
    </span>
  );
}

/** Block price, discount, last close, market now and overflow: the facts that decide the money. */
export function PriceFacts({ b }: { b: BulkBlock }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('bulk:field.price')}</dt>
      <dd data-testid="bulk-price">
        <Num>{pkr(b.price)}</Num>
      </dd>
      <dt>{t('bulk:field.discount')}</dt>
      <dd data-testid="bulk-discount">
        <Num>{`${b.discountPct}%`}</Num>
      </dd>
      <dt>{t('bulk:field.refClose')}</dt>
      <dd>
        <Num>{pkr(b.refClose)}</Num>
      </dd>
      <dt>{t('bulk:field.last')}</dt>
      <dd>
        <Num>{pkr(b.lastPrice)}</Num>
      </dd>
      <dt>{t('bulk:field.overflow')}</dt>
      <dd data-testid="bulk-overflow">
        <Num>{`${pkr(b.overflow)} (${b.overflowPct}%)`}</Num>
      </dd>
    </>
  );
}

export function BlockCard({ b }: { b: BulkBlock }) {
  const { t, i18n } = useTranslation();
  return (
    <Link
      className={s.card}
      to={routeTo('stockBulk.bulkDetail', { id: b.id })}
      data-testid="bulk-card"
      data-id={b.id}
      data-symbol={b.symbol}
    >
      <span className={s.cardHead}>
        <span className={s.name}>
          <strong>{i18n.language === 'ur-PK' ? b.nameUr : b.nameEn}</strong>
          <Num className="muted small">{b.symbol}</Num>
        </span>
        <BlockChip state={b.state} />
      </span>
      <dl className={s.facts}>
        <PriceFacts b={b} />
        <dt>{t('bulk:field.remaining')}</dt>
        <dd>
          <Num>{`${shares(b.remaining)} / ${shares(b.shares)}`}</Num>
        </dd>
        <dt>{t('bulk:field.lock')}</dt>
        <dd>{t('bulk:field.lockDays', { count: b.lockDays })}</dd>
        <dt>{t(b.state === 'upcoming' ? 'bulk:field.opens' : 'bulk:field.closes')}</dt>
        <dd>
          <Num>{when(b.state === 'upcoming' ? b.opensAt : b.closesAt)}</Num>
        </dd>
      </dl>
    </Link>
  );
}
