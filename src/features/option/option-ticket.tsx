// The options ticket (the Buy tab of /pages/stock/order?mode=option&symbol=X): call or put, a term and a number
// of contracts. Everything that decides the money is shown before the purchase: that these are the broker's
// own cash-settled contracts, the model and its inputs (volatility measured, rate, spread), the strike (the
// price now), the price per contract, the premium (the most that can be lost), the payoff rule and the
// expiry. The premium shown is the quote's price × contracts rounded up to the paisa, as the server does; the
// purchase is refused when the server's premium is more than 5 % above it (the price moved).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionDirection, OptionRule } from '../../../contract/option.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { useAssetsView } from '../../market/account.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { ErrorWithRetry } from '../../shared/ui/error-with-retry.tsx';
import { NeedPasswordDialog } from '../../shared/ui/need-password-dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
import { buyOptionCall, invalidateOptions, ruleQuery } from './queries.ts';
import s from './option.module.css';

const pkr = (amount: string): string => `${formatPKRAmount(amount)} PKR`;
const MAX_QTY = 9_999_999;

/** price (4 places) × qty, rounded up to the paisa: the premium the server will charge at this quote. */
function premiumOf(unitPrice: string, qty: number): bigint {
  const u = parseMinor(unitPrice, 4) ?? 0n;
  const x = u * BigInt(qty);
  return (x + 99n) / 100n;
}

export function OptionTicket({ symbol, onBought }: { symbol: string; onBought: () => void }) {
  const rule = useQuery(ruleQuery(symbol));
  if (rule.isPending) return <Skeleton rows={6} />;
  if (rule.isError) return <ErrorWithRetry error={rule.error} onRetry={() => void rule.refetch()} />;
  return <Ticket r={rule.data} symbol={symbol} onBought={onBought} key={symbol} />;
}

function Ticket({ r, symbol, onBought }: { r: OptionRule; symbol: string; onBought: () => void }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<OptionDirection>('call');
  const [term, setTerm] = useState(String(r.terms[0] ?? 1));
  const [qtyText, setQtyText] = useState('100');
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const assets = useAssetsView();
  const scope = useAccountScope();
  const client = useQueryClient();
  const qty = /^[1-9][0-9]{0,6}$/.test(qtyText) ? Number(qtyText) : 0;
  const q = r.quote;
  const termQuote = q?.terms.find((x) => String(x.term) === term);
  const unitPrice = termQuote ? termQuote[direction] : '';
  const premium = unitPrice && qty ? premiumOf(unitPrice, qty) : 0n;
  const min = parseMinor(r.minPremium, 2) ?? 0n;
  const max = parseMinor(r.maxPremium, 2) ?? 0n;
  const inLimits = premium > 0n && premium >= min && premium <= max;
  const maxPremium = formatMinor((premium * 105n + 99n) / 100n, 2);
  const flow = usePasswordAction({
    call: useCallback(
      (tradePassword: string) =>
        buyOptionCall({
          symbol,
          direction,
          term,
          qty: String(qty),
          clientId,
          tradePassword,
          maxPremium,
        }),
      [symbol, direction, term, qty, clientId, maxPremium],
    ),
    onDone: useCallback(() => {
      showToast(t('option:ticket.bought'), { icon: 'success' });
      setClientId(crypto.randomUUID());
      onBought();
    }, [onBought, t]),
    onRefused: useCallback(() => setClientId(crypto.randomUUID()), []),
    settle: useCallback(() => void invalidateOptions(client, scope), [client, scope]),
  });
  const step = (d: number) => setQtyText(String(Math.min(MAX_QTY, Math.max(1, qty + d))));
  return (
    <div className={s.body} data-testid="option-ticket" data-symbol={symbol}>
      <p className={s.disclosure} data-testid="option-disclosure">
        {r.disclosure}
      </p>
      <section className={s.card}>
        <Segmented
          label={t('option:direction.label')}
          value={direction}
          options={[
            { value: 'call', label: t('option:direction.call') },
            { value: 'put', label: t('option:direction.put') },
          ]}
          onChange={setDirection}
          testId="option-direction"
        />
        <Segmented
          label={t('option:ticket.term')}
          value={term}
          options={r.terms.map((d) => ({ value: String(d), label: t('option:ticket.days', { count: d }) }))}
          onChange={setTerm}
          testId="option-term"
        />
        <label className="muted small" htmlFor="option-qty">
          {t('option:ticket.qty')}
        </label>
        <div className={s.stepper}>
          <button
            type="button"
            className={`btn ${s.stepBtn}`}
            aria-label={t('option:ticket.less')}
            disabled={qty <= 10}
            onClick={() => step(-10)}
          >
            −
          </button>
          <input
            id="option-qty"
            className={s.qtyInput}
            inputMode="numeric"
            value={qtyText}
            onChange={(e) => setQtyText(e.target.value.replace(/[^0-9]/g, '').slice(0, 7))}
            data-testid="option-qty"
          />
          <button
            type="button"
            className={`btn ${s.stepBtn}`}
            aria-label={t('option:ticket.more')}
            onClick={() => step(10)}
          >
            +
          </button>
        </div>
      </section>
      {q ? (
        <section className={s.card} data-testid="option-quote">
          <dl className={s.facts}>
            <dt>{t('option:ticket.strike')}</dt>
            <dd data-testid="option-strike">
              <Num>{pkr(q.spot)}</Num>
            </dd>
            <dt>{t('option:ticket.sigma', { closes: q.closes })}</dt>
            <dd>
              <Num>{`${q.sigma}%`}</Num>
            </dd>
            <dt>{t('option:ticket.rate')}</dt>
            <dd>
              <Num>{`${r.riskFreeRate}%`}</Num>
            </dd>
            <dt>{t('option:ticket.spread')}</dt>
            <dd>
              <Num>{`${(r.spreadBps / 100).toFixed(2)}%`}</Num>
            </dd>
            <dt>{t('option:ticket.unitPrice')}</dt>
            <dd data-testid="option-unit-price">
              <Num>{unitPrice ? `${unitPrice} PKR` : '—'}</Num>
            </dd>
            <dt>{t('option:ticket.premium')}</dt>
            <dd data-testid="option-premium">
              <Num>{premium > 0n ? pkr(formatMinor(premium, 2)) : '—'}</Num>
            </dd>
            <dt>{t('option:ticket.maxLoss')}</dt>
            <dd data-testid="option-max-loss">
              <Num>{premium > 0n ? pkr(formatMinor(premium, 2)) : '—'}</Num>
            </dd>
            <dt>{t('option:ticket.expires')}</dt>
            <dd>
              <Num>{termQuote ? formatDate(termQuote.expiresAt, 'YYYY-MM-DD HH:mm:ss') : '—'}</Num>
            </dd>
            <dt>{t('option:ticket.available')}</dt>
            <dd>
              <Num>{assets?.available ? `${assets.available} PKR` : '—'}</Num>
            </dd>
          </dl>
          <p className="muted small">
            {t(direction === 'call' ? 'option:ticket.payoffCall' : 'option:ticket.payoffPut')}
          </p>
          <p className="muted small">
            {t('option:ticket.limits', {
              min: formatPKRAmount(r.minPremium),
              max: formatPKRAmount(r.maxPremium),
            })}
          </p>
          <p className="muted small" data-testid="option-model">
            {r.modelText}
          </p>
          {r.dayMs > 0 && (
            <p className="muted small">{t('option:ticket.demoDay', { seconds: r.dayMs / 1000 })}</p>
          )}
        </section>
      ) : (
        <p className={s.disclosure} role="alert" data-testid="option-unpriced">
          {t('option:ticket.unpriced')}
        </p>
      )}
      <button
        type="button"
        className={`btn btn--block ${direction === 'call' ? 'btn--up' : 'btn--down'}`}
        disabled={!q || !inLimits}
        onClick={flow.start}
        data-testid="option-buy"
      >
        {t(direction === 'call' ? 'option:ticket.buyCall' : 'option:ticket.buyPut')}
      </button>
      {flow.sheetOpen && (
        <PasswordSheet
          open
          onClose={flow.closeSheet}
          onComplete={flow.submit}
          summary={
            <p className="muted">
              <Num>{symbol}</Num> · {t(`option:direction.${direction}Short`)} ·{' '}
              <Num>{pkr(formatMinor(premium, 2))}</Num>
            </p>
          }
        />
      )}
      <NeedPasswordDialog flow={flow} />
    </div>
  );
}
