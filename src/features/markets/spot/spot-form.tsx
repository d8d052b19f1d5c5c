// The spot order form: buy/sell, market/limit, price (limit), amount with 25/50/75/100 % of the available
// balance, time in force (limit), the total and the estimated fee computed exactly (spot-math.ts), and the
// submit, confirmed with the transaction password (use-password-action.ts, as a stock order; a detour to set
// one keeps the form). One client order id per filled-in order, so a retried submit makes one order.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotOrder, SpotTif } from '../../../../contract/spot.ts';
import { accountKey, RESOURCE } from '../../../shared/query/query-keys.ts';
import { useAccountScope } from '../../../shared/query/use-account-scope.ts';
import { rememberForm, takeForm } from '../../../shared/ui/detour-memory.ts';
import { NeedPasswordDialog } from '../../../shared/ui/need-password-dialog.tsx';
import { PasswordSheet } from '../../../shared/ui/password-sheet.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { usePasswordAction } from '../../../shared/ui/use-password-action.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { cleanDecimal, estimate, qtyForPercent } from './spot-math.ts';
import { addSpotOrderCall, spotBalancesQuery } from './spot-queries.ts';
import tf from '../../../shared/ui/trade-form.module.css';
import s from './spot-page.module.css';

const PERCENTS = [25, 50, 75, 100] as const;
/** A fresh client order id (getRandomValues works outside secure contexts too). */
const newId = () =>
  `spot-${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (x) => x.toString(16).padStart(2, '0')).join('')}`;

export function SpotForm({
  symbol,
  base,
  side,
  onSide,
  lastPrice,
}: {
  symbol: string;
  base: string;
  side: 'buy' | 'sell';
  onSide: (side: 'buy' | 'sell') => void;
  lastPrice: string | undefined;
}) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const bal = useQuery(spotBalancesQuery(scope, symbol));
  // back from setting the transaction password: the order as it was typed
  const [saved] = useState(() => takeForm(`spot:${symbol}`));
  const [type, setType] = useState<'market' | 'limit'>(saved?.['type'] === 'market' ? 'market' : 'limit');
  const [tif, setTif] = useState<SpotTif>(
    saved?.['tif'] === 'IOC' || saved?.['tif'] === 'POST_ONLY' ? saved['tif'] : 'GTC',
  );
  const [price, setPrice] = useState(saved?.['price'] ?? '');
  const [qty, setQty] = useState(saved?.['qty'] ?? '');
  const [clientId, setClientId] = useState(newId);
  const [done, setDone] = useState('');
  const b = bal.data;
  const units = b ? { priceDecimals: b.priceDecimals, qtyDecimals: b.qtyDecimals } : null;
  // the ticker's display price is grouped ('95,250.37'): the plain decimal is the estimate's reference
  const plainLast = lastPrice?.replace(/,/g, '') ?? '';
  const refPrice = type === 'limit' ? price : plainLast;
  const est = units && b ? estimate(units, side, refPrice, qty, b.takerFeeRate) : null;
  const available = b ? (side === 'buy' ? `${b.quoteAvailable} USDT` : `${b.baseAvailable} ${base}`) : '…';
  const place = usePasswordAction({
    call: useCallback(
      (tradePassword: string) =>
        addSpotOrderCall({
          symbol,
          side,
          type,
          qty,
          clientOrderId: clientId,
          tradePassword,
          ...(type === 'limit' ? { price, timeInForce: tif } : {}),
        }),
      [symbol, side, type, qty, clientId, price, tif],
    ),
    onDone: useCallback(
      (o: SpotOrder) => {
        setDone(t(`markets:spot.status.${o.status}`));
        setClientId(newId());
        setQty('');
      },
      [t],
    ),
    // a refused order was not made: the next try is a new order; an unanswered one is retried with its id
    onRefused: useCallback(() => setClientId(newId()), []),
    settle: useCallback(
      () => void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.spot) }),
      [client, scope],
    ),
    beforeSetPassword: useCallback(
      () => rememberForm(`spot:${symbol}`, { type, tif, price, qty }),
      [symbol, type, tif, price, qty],
    ),
  });
  const pick = (pct: (typeof PERCENTS)[number]) => {
    if (!b || !units) return;
    setQty(qtyForPercent(units, side, pct, side === 'buy' ? b.quoteAvailable : b.baseAvailable, refPrice));
  };
  return (
    <>
      <form
        className={tf.form}
        data-testid="spot-form"
        onSubmit={(e) => {
          e.preventDefault();
          setDone('');
          place.start();
        }}
      >
        <Segmented
          label={t('markets:spot.side')}
          value={side}
          options={[
            { value: 'buy', label: t('markets:spot.buy') },
            { value: 'sell', label: t('markets:spot.sell') },
          ]}
          onChange={onSide}
          testId="spot-side"
        />
        <Segmented
          label={t('markets:spot.type')}
          value={type}
          options={[
            { value: 'limit', label: t('markets:spot.limit') },
            { value: 'market', label: t('markets:spot.market') },
          ]}
          onChange={setType}
          testId="spot-type"
        />
        {type === 'limit' && (
          <label className={tf.field}>
            <span>{t('markets:spot.price')} (USDT)</span>
            <input
              inputMode="decimal"
              dir="ltr"
              value={price}
              placeholder={lastPrice ?? ''}
              data-testid="spot-price"
              onChange={(e) => setPrice(cleanDecimal(e.target.value, units?.priceDecimals ?? 8))}
            />
          </label>
        )}
        <label className={tf.field}>
          <span>
            {t('markets:spot.amount')} ({base})
          </span>
          <input
            inputMode="decimal"
            dir="ltr"
            value={qty}
            onChange={(e) => setQty(cleanDecimal(e.target.value, units?.qtyDecimals ?? 8))}
            data-testid="spot-qty"
          />
        </label>
        <div className={s.percents} role="group" aria-label={t('markets:spot.percentOf')}>
          {PERCENTS.map((p) => (
            <button key={p} type="button" className={s.pct} onClick={() => pick(p)}>
              {p}%
            </button>
          ))}
        </div>
        {type === 'limit' && (
          <label className={tf.field}>
            <span>{t('markets:spot.tif')}</span>
            <select value={tif} onChange={(e) => setTif(e.target.value as SpotTif)}>
              <option value="GTC">{t('markets:spot.tifGTC')}</option>
              <option value="IOC">{t('markets:spot.tifIOC')}</option>
              <option value="POST_ONLY">{t('markets:spot.tifPOST_ONLY')}</option>
            </select>
          </label>
        )}
        <dl className={tf.facts}>
          <dt>{t('markets:spot.available')}</dt>
          <dd className="num" dir="ltr" data-testid="spot-available">
            {available}
          </dd>
          <dt>{type === 'market' ? t('markets:spot.totalEstimate') : t('markets:spot.total')}</dt>
          <dd className="num" dir="ltr" data-testid="spot-total">
            {est?.total ? `${est.total} USDT` : '—'}
          </dd>
          <dt>{t('markets:spot.fee')}</dt>
          <dd className="num" dir="ltr" data-testid="spot-fee">
            {est?.fee ? `${est.fee} ${side === 'buy' ? base : 'USDT'}` : '—'}
          </dd>
        </dl>
        {done && (
          <p role="status" className="muted small" data-testid="spot-done">
            {done}
          </p>
        )}
        <button
          type="submit"
          className={cx('btn', side === 'buy' ? tf.buy : tf.sell)}
          disabled={place.sheetOpen || !qty || (type === 'limit' && !price)}
          data-testid="spot-submit"
        >
          {side === 'buy' ? t('markets:spot.buyBase', { base }) : t('markets:spot.sellBase', { base })}
        </button>
      </form>
      {place.sheetOpen && (
        <PasswordSheet
          open
          onClose={place.closeSheet}
          onComplete={place.submit}
          summary={
            <p className="muted" data-testid="spot-confirm">
              {side === 'buy' ? t('markets:spot.buyBase', { base }) : t('markets:spot.sellBase', { base })} ·{' '}
              <span className="num" dir="ltr">
                {qty} {base}
                {est?.total ? ` · ${est.total} USDT` : ''}
              </span>
            </p>
          }
        />
      )}
      <NeedPasswordDialog flow={place} />
    </>
  );
}
