// The contract order form: long/short, leverage (coin/contract/order/multiple), amount, and before the order
// is sent the margin, fee and liquidation price (contract-preview.ts, the server's math at the index price),
// a warning at high leverage, then open at market. One client id per filled-in order, so a retry makes one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpTicker } from '../../../contract/perp-orders.ts';
import { BusinessError } from '../../shared/api/api-errors.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { cx } from '../../shared/ui/cx.ts';
import tf from '../../shared/ui/trade-form.module.css';
import { cleanDecimal, preview } from './contract-preview.ts';
import { contractKey, leverageQuery, newClientId, perpCall } from './contract-queries.ts';

const LEVERAGES = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100, 125] as const;
/** At or above this the form warns that a small move liquidates. */
const HIGH_LEVERAGE = 20;

export function ContractForm({ ticker, base }: { ticker: PerpTicker; base: string }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const lev = useQuery(leverageQuery(scope, ticker.symbol));
  const [side, setSide] = useState<'long' | 'short'>('long');
  const [qty, setQty] = useState('');
  const [clientId, setClientId] = useState(newClientId);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const leverage = lev.data?.leverage ?? 10;
  const max = Math.min(lev.data?.maxLeverage ?? ticker.maxLeverage, ticker.maxLeverage);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: contractKey(scope) });
    void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.coinAssets) });
  };
  const fail = (e: unknown) => {
    setDone('');
    setError(e instanceof BusinessError ? e.msg : t('contract:failed'));
  };
  const setLeverage = useMutation({
    mutationFn: (l: number) => perpCall.leverage(ticker.symbol, l),
    onSuccess: () => {
      setError('');
      refresh();
    },
    onError: fail,
  });
  const open = useMutation({
    mutationFn: () => perpCall.open({ clientId, symbol: ticker.symbol, side, qty }),
    onSuccess: () => {
      setError('');
      setDone(t('contract:opened'));
      setClientId(newClientId());
      setQty('');
      refresh();
    },
    onError: (e) => {
      fail(e);
      if (e instanceof BusinessError) setClientId(newClientId());
    },
  });
  const est = preview({
    symbol: ticker.symbol,
    side,
    qty,
    leverage,
    price: ticker.indexPrice,
    priceDecimals: ticker.priceDecimals,
    qtyDecimals: ticker.qtyDecimals,
    takerRate: ticker.takerRate,
  });
  return (
    <form
      className={tf.form}
      data-testid="perp-form"
      onSubmit={(e) => {
        e.preventDefault();
        open.mutate();
      }}
    >
      <Segmented
        label={t('contract:direction')}
        value={side}
        options={[
          { value: 'long', label: t('contract:side.long') },
          { value: 'short', label: t('contract:side.short') },
        ]}
        onChange={setSide}
        testId="perp-side"
      />
      <label className={tf.field}>
        <span>{t('contract:leverage')}</span>
        <select
          value={leverage}
          disabled={setLeverage.isPending || !lev.data}
          data-testid="perp-leverage"
          onChange={(e) => setLeverage.mutate(Number(e.target.value))}
        >
          {LEVERAGES.filter((l) => l <= max || l === leverage).map((l) => (
            <option key={l} value={l}>
              {l}×
            </option>
          ))}
        </select>
      </label>
      <label className={tf.field}>
        <span>
          {t('contract:amount')} ({base})
        </span>
        <input
          inputMode="decimal"
          dir="ltr"
          value={qty}
          data-testid="perp-qty"
          onChange={(e) => setQty(cleanDecimal(e.target.value, ticker.qtyDecimals))}
        />
      </label>
      <dl className={tf.facts}>
        <dt>{t('contract:margin')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-est-margin">
          {est ? `${est.margin} USDT` : '—'}
        </dd>
        <dt>{t('contract:fee')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-est-fee">
          {est ? `${est.fee} USDT` : '—'}
        </dd>
        <dt>{t('contract:liqPriceEst')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-est-liq">
          {est ? est.liqPrice : '—'}
        </dd>
      </dl>
      <p className="muted small">{t('contract:estimateNote')}</p>
      {leverage >= HIGH_LEVERAGE && (
        <p role="note" className={tf.error} data-testid="perp-high-leverage">
          {t('contract:highLeverage', { leverage })}
        </p>
      )}
      {error && (
        <p role="alert" className={tf.error} data-testid="perp-error">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="muted small" data-testid="perp-done">
          {done}
        </p>
      )}
      <button
        type="submit"
        className={cx('btn', side === 'long' ? tf.buy : tf.sell)}
        disabled={open.isPending || !est}
        data-testid="perp-submit"
      >
        {t(side === 'long' ? 'contract:openLong' : 'contract:openShort', { base, leverage })}
      </button>
    </form>
  );
}
