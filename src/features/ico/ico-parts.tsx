// Pieces of the coin ICO screens: the state chips, the countdown to a sale's next step, a sale's card (a link
// to its detail) and the amount formats. Amounts are the server's exact decimal strings; times Pakistan time.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommitmentState, IcoSale, SaleState } from '../../../contract/ico.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { withThousands } from '../../shared/format/numbers.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { Countdown as SharedCountdown } from '../../shared/ui/countdown.tsx';
import { Num } from '../../shared/ui/num.tsx';
import s from './ico.module.css';

export const when = (ms: number): string => formatDate(ms, 'YYYY-MM-DD HH:mm');
/** A decimal string grouped in thousands, trailing zeros of the fraction dropped ('1,234.5'). */
export const amount = (text: string): string =>
  withThousands(text.includes('.') ? text.replace(/\.?0+$/, '') : text);
export const usdt = (text: string): string => `${amount(text)} USDT`;

/** The step a sale waits for next and when: opening, closing, distribution or listing; none once listed. */
export function nextStep(
  o: IcoSale,
): { key: 'opensIn' | 'closesIn' | 'distributeIn' | 'listIn'; at: number } | null {
  switch (o.state) {
    case 'upcoming':
      return { key: 'opensIn', at: o.opensAt };
    case 'subscribing':
      return { key: 'closesIn', at: o.closesAt };
    case 'calculating':
      return { key: 'distributeIn', at: o.distributeAt };
    case 'distributed':
      return { key: 'listIn', at: o.listAt };
    case 'listed':
      return null;
  }
}

export function Countdown({ o }: { o: IcoSale }) {
  const { t } = useTranslation();
  const next = nextStep(o);
  if (!next) return null;
  return (
    <SharedCountdown
      at={next.at}
      label={(time) => t(`ico:detail.${next.key}`, { time })}
      testId="ico-countdown"
    />
  );
}

export function SaleChip({ state }: { state: SaleState }) {
  const { t } = useTranslation();
  return (
    <span className={s.chip} data-state={state} data-testid="ico-state">
      {t(`ico:state.${state}`)}
    </span>
  );
}

export function CommitmentChip({ state }: { state: CommitmentState }) {
  const { t } = useTranslation();
  return (
    <span className={s.chip} data-state={state} data-testid="ico-commit-state">
      {t(`ico:commitState.${state}`)}
    </span>
  );
}

export function saleName(o: Pick<IcoSale, 'nameEn' | 'nameUr'>, lang: string): string {
  return lang.startsWith('ur') ? o.nameUr : o.nameEn;
}

export function SaleCard({ o }: { o: IcoSale }) {
  const { t, i18n } = useTranslation();
  return (
    <Link
      className={s.card}
      to={routeTo('coinICO.icoDetail', { id: o.id })}
      data-testid="ico-card"
      data-id={o.id}
      data-token={o.token}
    >
      <span className={s.cardHead}>
        <span className={s.name}>
          <strong>{saleName(o, i18n.language)}</strong>
          <Num className="muted small">{o.token}</Num>
        </span>
        <SaleChip state={o.state} />
      </span>
      <dl className={s.facts}>
        <dt>{t('ico:field.price')}</dt>
        <dd>
          <Num>{usdt(o.price)}</Num>
        </dd>
        <dt>{t('ico:field.offered')}</dt>
        <dd>
          <Num>{`${amount(o.tokensOffered)} ${o.token}`}</Num>
        </dd>
        <dt>{t('ico:field.committed')}</dt>
        <dd>
          <Num>{usdt(o.committed)}</Num>
        </dd>
      </dl>
      <Countdown o={o} />
    </Link>
  );
}
