// PKR ↔ USDT between the stock account and the spot account (user/exchange): the amount in the from-asset,
// then a quote (the USDT/PKR index, the rate with the disclosed spread, fee 0, what the user receives) with
// its countdown; Confirm accepts exactly that quote (one clientId per quote: a retried tap executes it once).
// When the quote runs out, the same values fetch a new one.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ExchangeBody, type ExchangeDirection, type ExchangeQuote } from '../../../contract/exchange.ts';
import { AmountField } from '../../shared/forms/fields/amount-field.tsx';
import { FormError, FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { cx } from '../../shared/ui/cx.ts';
import { Num } from '../../shared/ui/num.tsx';
import { ResultPage } from '../../shared/ui/result-page.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { amountText, Summary } from './exchange-parts.tsx';
import { acceptCall, coinAssetsQuery, invalidateMoney, newClientId, quoteCall } from './queries.ts';
import { useSecondsLeft } from './use-countdown.ts';
import s from './exchange.module.css';

const bpsText = (bps: number) => (bps / 100).toFixed(2);

function QuoteView({
  quote,
  onRequote,
  onDone,
}: {
  quote: ExchangeQuote;
  onRequote: () => void;
  onDone: (q: ExchangeQuote) => void;
}) {
  const { t } = useTranslation();
  const left = useSecondsLeft(quote.expiresAt);
  const { form, state } = useContractForm({
    schema: ExchangeBody,
    defaultValues: { action: 'accept', quoteId: String(quote.quoteId), clientId: newClientId() },
    submit: async (values) => {
      onDone(await acceptCall({ quoteId: values.quoteId ?? '', clientId: values.clientId ?? '' }));
    },
  });
  const quoteError = form.formState.errors.quoteId?.message;
  return (
    <section className={s.section} data-testid="exchange-quote" aria-label={t('exchange:form.quoteTitle')}>
      <h2 className="small">{t('exchange:form.quoteTitle')}</h2>
      <Summary
        lines={[
          { label: t('exchange:form.pay'), value: <Num>{amountText(quote.from, quote.amount)}</Num> },
          { label: t('exchange:form.index'), value: <Num>{quote.index}</Num> },
          {
            label: t('exchange:form.rate'),
            value: <Num>{t('exchange:form.rateValue', { rate: quote.rate })}</Num>,
          },
          {
            label: t('exchange:form.spread'),
            value: <Num>{t('exchange:form.spreadValue', { pct: bpsText(quote.spreadBps) })}</Num>,
          },
          { label: t('exchange:form.fee'), value: <Num>{amountText(quote.from, quote.fee)}</Num> },
          {
            label: t('exchange:form.receive'),
            value: <Num>{amountText(quote.to, quote.receive)}</Num>,
            strong: true,
          },
        ]}
        testId="quote-summary"
      />
      <p className="muted small">{t('exchange:form.spreadNote')}</p>
      <p
        className={cx(s.countdown, left === 0 && s.expired)}
        role="timer"
        aria-live="off"
        data-testid="quote-countdown"
      >
        {left > 0 ? t('exchange:form.expiresIn', { seconds: left }) : t('exchange:form.expired')}
      </p>
      {quoteError && <FormError>{quoteError}</FormError>}
      {left > 0 ? (
        <FormView {...state} submitLabel={t('exchange:form.confirm')} submitTestId="exchange-confirm">
          {null}
        </FormView>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={onRequote}
          data-testid="exchange-requote"
        >
          {t('exchange:form.requote')}
        </button>
      )}
    </section>
  );
}

export function ExchangeForm({ initial }: { initial: ExchangeDirection }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const assets = useQuery(coinAssetsQuery(scope));
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [done, setDone] = useState<ExchangeQuote | null>(null);
  const { form, state } = useContractForm({
    schema: ExchangeBody,
    defaultValues: { action: 'quote', direction: initial, amount: '' },
    submit: async (values) => {
      setQuote(await quoteCall({ direction: values.direction ?? initial, amount: values.amount ?? '' }));
    },
  });
  const direction = (useWatch({ control: form.control, name: 'direction' }) || initial) as ExchangeDirection;
  const fromPkr = direction === 'PKR_USDT';
  const available = assets.data
    ? fromPkr
      ? assets.data.stock.available
      : (assets.data.spot.assets.find((a) => a.asset === 'USDT')?.available ?? '0')
    : undefined;

  if (done)
    return (
      <ResultPage
        status="success"
        title={t('exchange:form.doneTitle')}
        testId="exchange-done"
        details={[
          { label: t('exchange:form.pay'), value: <Num>{amountText(done.from, done.amount)}</Num> },
          {
            label: t('exchange:form.rate'),
            value: <Num>{t('exchange:form.rateValue', { rate: done.rate })}</Num>,
          },
          { label: t('exchange:form.receive'), value: <Num>{amountText(done.to, done.receive)}</Num> },
        ]}
        primary={{
          label: t('exchange:form.toHub'),
          to: routeTo('exchange.index'),
          testId: 'exchange-to-hub',
        }}
        secondary={{
          label: t('exchange:form.again'),
          onClick: () => {
            setDone(null);
            setQuote(null);
            form.setValue('amount', '');
          },
        }}
      />
    );

  return (
    <div className={s.section}>
      <Segmented
        label={t('exchange:form.direction')}
        value={direction}
        options={[
          { value: 'PKR_USDT', label: t('exchange:form.pkrToUsdt') },
          { value: 'USDT_PKR', label: t('exchange:form.usdtToPkr') },
        ]}
        onChange={(v) => {
          form.setValue('direction', v);
          form.setValue('amount', '');
          setQuote(null);
        }}
        testId="exchange-direction"
      />
      <FormView
        {...state}
        submitLabel={t('exchange:form.getQuote')}
        submitTestId="exchange-quote-submit"
        testId="exchange-form"
      >
        <AmountField
          control={form.control}
          name="amount"
          decimals={fromPkr ? 2 : 6}
          unit={fromPkr ? 'PKR' : 'USDT'}
          max={available}
          label={t('exchange:form.amount')}
          placeholder={t('exchange:form.amountPlaceholder')}
          hint={
            available === undefined
              ? undefined
              : `${t('exchange:form.available')}: ${amountText(fromPkr ? 'PKR' : 'USDT', available)}`
          }
        />
      </FormView>
      {quote && (
        <QuoteView
          key={quote.quoteId}
          quote={quote}
          onRequote={() => void state.onSubmit()}
          onDone={(q) => {
            setDone(q);
            invalidateMoney(client, scope);
          }}
        />
      )}
    </div>
  );
}
