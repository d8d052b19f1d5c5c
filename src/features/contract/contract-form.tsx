// The contract order form: long/short, market or limit (a limit rests at its price until the market reaches
// it: server/domain/perp/perp-limit.ts), leverage (coin/contract/order/multiple), amount, and before the order
// is sent the margin, fee and liquidation price (contract-preview.ts, the server's math at the index price, or
// at the limit price), a warning at high leverage, then open. Opening, and changing the leverage of an open position,
// are confirmed with the transaction password (use-password-action.ts, as a stock order; contract/perp-orders.ts
// says which calls); a detour to set one keeps the side and amount. One client id per filled-in order, so a
// retry makes one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpTicker } from '../../../contract/perp-orders.ts';
import { BusinessError } from '../../shared/api/api-errors.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { rememberForm, takeForm } from '../../shared/ui/detour-memory.ts';
import { NeedPasswordDialog } from '../../shared/ui/need-password-dialog.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
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
  // back from setting the transaction password: the order as it was typed
  const [saved] = useState(() => takeForm(`perp:${ticker.symbol}`));
  const [side, setSide] = useState<'long' | 'short'>(saved?.['side'] === 'short' ? 'short' : 'long');
  const [qty, setQty] = useState(saved?.['qty'] ?? '');
  const [type, setType] = useState<'market' | 'limit'>(saved?.['type'] === 'limit' ? 'limit' : 'market');
  const [price, setPrice] = useState(saved?.['price'] ?? '');
  /** the leverage waiting for the password (a change on an open position) */
  const [wanted, setWanted] = useState(0);
  const [clientId, setClientId] = useState(newClientId);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const leverage = lev.data?.leverage ?? 10;
  const max = Math.min(lev.data?.maxLeverage ?? ticker.maxLeverage, ticker.maxLeverage);
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: contractKey(scope) });
    void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.coinAssets) });
  }, [client, scope]);
  const keep = useCallback(
    () => rememberForm(`perp:${ticker.symbol}`, { side, qty, type, price }),
    [ticker.symbol, side, qty, type, price],
  );
  // without an open position the leverage is a preference: no password
  const setLeverage = useMutation({
    mutationFn: (l: number) => perpCall.leverage(ticker.symbol, l),
    onSuccess: () => {
      setError('');
      refresh();
    },
    onError: (e) => {
      setDone('');
      setError(e instanceof BusinessError ? e.msg : t('contract:failed'));
    },
  });
  const confirmLeverage = usePasswordAction({
    call: useCallback(
      (tradePassword: string) => perpCall.leverage(ticker.symbol, wanted, tradePassword),
      [ticker.symbol, wanted],
    ),
    onDone: useCallback(() => setError(''), []),
    settle: refresh,
    beforeSetPassword: keep,
  });
  const open = usePasswordAction({
    call: useCallback(
      async (tradePassword: string) => {
        const order = { clientId, symbol: ticker.symbol, side, qty, tradePassword };
        if (type === 'market') {
          await perpCall.open(order);
          return 'contract:opened';
        }
        const r = await perpCall.limit({ ...order, price });
        return r.order ? 'contract:limitFilled' : 'contract:limitPlaced';
      },
      [clientId, ticker.symbol, side, qty, type, price],
    ),
    onDone: useCallback(
      (said: string) => {
        setError('');
        setDone(t(said));
        setClientId(newClientId());
        setQty('');
      },
      [t],
    ),
    // a refused order was not made: the next try is a new order; an unanswered one is retried with its id
    onRefused: useCallback(() => setClientId(newClientId()), []),
    settle: refresh,
    beforeSetPassword: keep,
  });
  const changeLeverage = (l: number) => {
    if (lev.data?.position) {
      setWanted(l);
      confirmLeverage.start();
    } else setLeverage.mutate(l);
  };
  const est = preview({
    symbol: ticker.symbol,
    side,
    qty,
    leverage,
    price: type === 'limit' ? price : ticker.indexPrice,
    priceDecimals: ticker.priceDecimals,
    qtyDecimals: ticker.qtyDecimals,
    takerRate: ticker.takerRate,
  });
  return (
    <>
      <form
        className={tf.form}
        data-testid="perp-form"
        onSubmit={(e) => {
          e.preventDefault();
          setDone('');
          open.start();
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
        <Segmented
          label={t('contract:orderType')}
          value={type}
          options={[
            { value: 'market', label: t('contract:market') },
            { value: 'limit', label: t('contract:limit') },
          ]}
          onChange={(v) => {
            setType(v);
            // a limit starts at the index: the user moves it from there
            if (v === 'limit' && !price) setPrice(ticker.indexPrice.replace(/,/g, ''));
          }}
          testId="perp-type"
        />
        {type === 'limit' && (
          <label className={tf.field}>
            <span>{t('contract:limitPrice')} (USDT)</span>
            <input
              inputMode="decimal"
              dir="ltr"
              value={price}
              data-testid="perp-price"
              onChange={(e) => setPrice(cleanDecimal(e.target.value, ticker.priceDecimals))}
            />
          </label>
        )}
        <label className={tf.field}>
          <span>{t('contract:leverage')}</span>
          <select
            value={leverage}
            disabled={setLeverage.isPending || confirmLeverage.sheetOpen || !lev.data}
            data-testid="perp-leverage"
            onChange={(e) => changeLeverage(Number(e.target.value))}
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
        <p className="muted small">{t(type === 'limit' ? 'contract:limitNote' : 'contract:estimateNote')}</p>
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
          disabled={open.sheetOpen || !est}
          data-testid="perp-submit"
        >
          {t(side === 'long' ? 'contract:openLong' : 'contract:openShort', { base, leverage })}
          {type === 'limit' && price ? ` @ ${price}` : ''}
        </button>
      </form>
      {open.sheetOpen && (
        <PasswordSheet
          open
          onClose={open.closeSheet}
          onComplete={open.submit}
          summary={
            <p className="muted" data-testid="perp-confirm">
              {t(side === 'long' ? 'contract:openLong' : 'contract:openShort', { base, leverage })} ·{' '}
              <span className="num" dir="ltr">
                {qty} {base}
                {type === 'limit' ? ` @ ${price}` : ''}
                {est ? ` · ${est.margin} USDT` : ''}
              </span>
            </p>
          }
        />
      )}
      {confirmLeverage.sheetOpen && (
        <PasswordSheet
          open
          onClose={confirmLeverage.closeSheet}
          onComplete={confirmLeverage.submit}
          summary={
            <p className="muted" data-testid="perp-confirm-leverage">
              {t('contract:leverage')}{' '}
              <span className="num" dir="ltr">
                {wanted}×
              </span>
            </p>
          }
        />
      )}
      <NeedPasswordDialog flow={open} />
      <NeedPasswordDialog flow={confirmLeverage} />
    </>
  );
}
