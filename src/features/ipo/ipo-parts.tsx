// Pieces of the IPO screens: the state chips (offering and application, spec §4 labels), an offering's card
// (a link to its detail) and its key facts, and the countdown to its next state change. Amounts are the server's exact decimal strings, grouped; times are
// Pakistan time.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApplicationState, IpoOffering, OfferingState } from '../../../contract/ipo.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount, withThousands } from '../../shared/format/numbers.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { Countdown } from '../../shared/ui/countdown.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { nextDate } from './queries.ts';
import s from './ipo.module.css';

/** A moment as the IPO screens show it: Pakistan time, to the minute. */
export const when = (ms: number): string => formatDate(ms, 'YYYY-MM-DD HH:mm');
export const pkr = (amount: string): string => `${formatPKRAmount(amount)} PKR`;
export const shares = (n: number): string => withThousands(n);

/** A PKR decimal string as paisa (0 for anything that is not one: the server's strings always are). */
export const paisa = (amount: string): bigint => parseMinor(amount, 2) ?? 0n;
/** price × qty as a PKR decimal string, from integers only. */
export const costOf = (price: string, qty: number): string => formatMinor(paisa(price) * BigInt(qty), 2);
/** The cost of one lot. */
export const lotCost = (o: Pick<IpoOffering, 'price' | 'lot'>): string => costOf(o.price, o.lot);

export function OfferingChip({ state }: { state: OfferingState }) {
  const { t } = useTranslation();
  return (
    <span className={s.chip} data-state={state} data-testid="ipo-state">
      {t(`ipo:state.${state}`)}
    </span>
  );
}

export function ApplicationChip({ state }: { state: ApplicationState }) {
  const { t } = useTranslation();
  return (
    <span className={s.chip} data-state={state} data-testid="ipo-app-state">
      {t(`ipo:appState.${state}`)}
    </span>
  );
}

/** The price as shown: the fixed price, or the strike price with its book-building band. */
export function PriceText({ o }: { o: IpoOffering }) {
  const { t } = useTranslation();
  return (
    <>
      <Num>{pkr(o.price)}</Num>
      {o.priceFloor && (
        <span className="muted small">
          {' '}
          {t('ipo:field.band')} <Num>{`${formatPKRAmount(o.priceFloor)}–${formatPKRAmount(o.priceCap)}`}</Num>
        </span>
      )}
    </>
  );
}

export function OfferingCard({ o, now }: { o: IpoOffering; now: number }) {
  const { t } = useTranslation();
  const next = nextDate(o);
  return (
    <Link
      className={s.card}
      to={routeTo('stockIPO.ipoDetail', { id: o.id })}
      data-testid="ipo-card"
      data-id={o.id}
      data-symbol={o.symbol}
    >
      <span className={s.cardHead}>
        <span className={s.name}>
          <strong>{o.company}</strong>
          <Num className="muted small">{o.symbol}</Num>
        </span>
        <OfferingChip state={o.state} />
      </span>
      <dl className={s.facts}>
        <dt>{t('ipo:field.price')}</dt>
        <dd>
          <Num>{pkr(o.price)}</Num>
        </dd>
        <dt>{t('ipo:field.lot')}</dt>
        <dd>
          <Num>{shares(o.lot)}</Num>
        </dd>
        <dt>{t('ipo:field.window')}</dt>
        <dd>
          <Num>{`${formatDate(o.opensAt, 'MM-DD HH:mm')} → ${formatDate(o.closesAt, 'MM-DD HH:mm')}`}</Num>
        </dd>
        <dt>{t(`ipo:field.${next.key}`)}</dt>
        <dd>
          <Num>{when(next.at)}</Num>
        </dd>
      </dl>
      <OfferingCountdown o={o} now={now} />
    </Link>
  );
}

/**
 * The time left until the offering's next state change (opening, closing, allotment, listing; none once
 * listed or when the planned date has passed and the operator has not acted yet). `now`: a clock the caller keeps.
 */
export function OfferingCountdown({ o, now }: { o: IpoOffering; now?: number }) {
  const { t } = useTranslation();
  const next = nextDate(o);
  if (next.key === 'listed' || (now !== undefined && next.at <= now)) return null;
  return (
    <Countdown
      at={next.at}
      {...(now === undefined ? {} : { now })}
      label={(time) => t(`ipo:countdown.${next.key}`, { time })}
      testId="ipo-countdown"
    />
  );
}
