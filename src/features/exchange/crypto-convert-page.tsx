// /pages/exchange/cryptoConvert (a decision: a coin-to-coin conversion is a spot trade, built by the spot area,
// so this screen does not pretend to convert): a converter that shows what an amount of a coin is worth in USDT
// at its pair's live last price and in PKR at the USDT/PKR index, exactly (contract/money.ts, no floats), and
// sends the user to the spot market to trade it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMinor, multiplyScaled, parseDecimal, parseMinor } from '../../../contract/money.ts';
import { useSortedSymbols, useTicker } from '../../market/hooks.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { coinText, pkrText, Summary, usdtText } from './exchange-parts.tsx';
import { coinAssetsQuery } from './queries.ts';
import s from './exchange.module.css';

const AMOUNT = /^(0|[1-9]\d{0,11})(\.\d{0,8})?$/;

/** amount × price (USDT, 6 places, truncated) and × index (PKR, 2 places), or null when either is unknown. */
function valueOf(amount: string, price: string | undefined, index: string | undefined) {
  const qty = parseDecimal(amount);
  const p = price ? parseDecimal(price.replaceAll(',', '')) : null;
  if (!qty || !p || qty.units <= 0n) return null;
  const usdt = multiplyScaled(qty, p, 6, 'trunc');
  const idx = index ? parseMinor(index, 4) : null;
  const pkr =
    idx === null ? null : multiplyScaled({ units: usdt, scale: 6 }, { units: idx, scale: 4 }, 2, 'trunc');
  return { usdt: formatMinor(usdt, 6), pkr: pkr === null ? null : formatMinor(pkr, 2) };
}

export default function CryptoConvertPage() {
  const { t } = useTranslation();
  const symbols = useSortedSymbols('crypto', 'volume', 'desc');
  const [symbol, setSymbol] = useState('BTCUSDT');
  const [amount, setAmount] = useState('1');
  const ticker = useTicker(symbol);
  const assets = useQuery(coinAssetsQuery(useAccountScope()));
  const value = valueOf(amount, ticker?.price, assets.data?.usdtPkr);
  const base = symbol.replace(/USDT$/, '');
  return (
    <div className="page">
      <PageHeader title={t('nav:title.exchange.cryptoConvert')} />
      <div className={`page__body ${s.section}`}>
        <p className="muted small">{t('exchange:convert.intro')}</p>
        <label className={s.field}>
          <span>{t('exchange:convert.coin')}</span>
          <select
            className={s.select}
            value={symbol}
            onChange={(e) => setSymbol(e.target.value)}
            data-testid="convert-coin"
          >
            {(symbols ?? [symbol]).map((x) => (
              <option key={x} value={x}>
                {x.replace(/USDT$/, '')}
              </option>
            ))}
          </select>
        </label>
        <label className={s.field}>
          <span>{t('exchange:convert.amount')}</span>
          <input
            className={s.select}
            dir="ltr"
            inputMode="decimal"
            value={amount}
            onChange={(e) => AMOUNT.test(e.target.value) && setAmount(e.target.value)}
            data-testid="convert-amount"
          />
        </label>
        <Summary
          testId="convert-summary"
          lines={[
            { label: t('exchange:convert.price'), value: <Num>{ticker ? `${ticker.price} USDT` : '—'}</Num> },
            {
              label: t('exchange:convert.valueUsdt'),
              value: <Num>{value ? usdtText(value.usdt) : '—'}</Num>,
              strong: true,
            },
            {
              label: t('exchange:convert.valuePkr'),
              value: <Num>{value?.pkr ? pkrText(value.pkr) : '—'}</Num>,
            },
          ]}
        />
        <p className="muted small">
          {t('exchange:convert.note')} (<Num>{`${coinText(amount || '0')} ${base}`}</Num>)
        </p>
        <Link
          className="btn btn--primary btn--block"
          to={routeTo('coin.index', { symbol })}
          data-testid="convert-trade"
        >
          {t('exchange:convert.trade')}
        </Link>
      </div>
    </div>
  );
}
