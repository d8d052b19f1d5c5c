// One open position: size, entry, mark, liquidation price, margin, margin ratio, uPnL and ROE (live from the
// worker, src/market/contracts.ts; the server's figures until the first tick), TP/SL, and its actions: close
// half or all, add margin, set or cancel TP/SL. Refusals show on the row, in the user's language. Adding margin
// is confirmed with the transaction password (the closes and TP/SL are reduce-only and take none;
// contract/perp-orders.ts); a detour to set one keeps the amount.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpPositionView } from '../../../contract/perp-orders.ts';
import { CONTRACT_RISK_PCT, useContractLive } from '../../market/contracts.ts';
import { BusinessError } from '../../shared/api/api-errors.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { cx } from '../../shared/ui/cx.ts';
import { rememberForm, takeForm } from '../../shared/ui/detour-memory.ts';
import { NeedPasswordDialog } from '../../shared/ui/need-password-dialog.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
import tf from '../../shared/ui/trade-form.module.css';
import s from './contract.module.css';
import { cleanDecimal, halfOf } from './contract-preview.ts';
import { contractKey, newClientId, perpCall } from './contract-queries.ts';

/** The margin ratio at which the row warns (liquidation is at 100 %). */
const RATIO_WARN = CONTRACT_RISK_PCT;

export function ContractPosition({ p }: { p: PerpPositionView }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const live = useContractLive(p.id);
  const [error, setError] = useState('');
  const [margin, setMargin] = useState(() => takeForm(`perp-margin:${p.id}`)?.['amount'] ?? '');
  const [marginId, setMarginId] = useState(newClientId);
  const [tp, setTp] = useState(p.tpPrice ?? '');
  const [sl, setSl] = useState(p.slPrice ?? '');
  const [source, setSource] = useState<'mark' | 'last'>(p.tpSource);
  const pd = p.markPrice.split('.')[1]?.length ?? 0;
  const qd = p.qty.split('.')[1]?.length ?? 0;
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: contractKey(scope) });
    void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.coinAssets) });
  }, [client, scope]);
  const act = useMutation({
    mutationFn: async (a: () => Promise<unknown>) => a(),
    onSuccess: () => {
      setError('');
      refresh();
    },
    onError: (e) => setError(e instanceof BusinessError ? e.msg : t('contract:failed')),
  });
  const addMargin = usePasswordAction({
    call: useCallback(
      (tradePassword: string) =>
        perpCall.addMargin({ clientId: marginId, positionId: p.id, amount: margin, tradePassword }),
      [marginId, p.id, margin],
    ),
    onDone: useCallback(() => {
      setError('');
      setMargin('');
      setMarginId(newClientId());
    }, []),
    onRefused: useCallback(() => setMarginId(newClientId()), []),
    settle: refresh,
    beforeSetPassword: useCallback(
      () => rememberForm(`perp-margin:${p.id}`, { amount: margin }),
      [p.id, margin],
    ),
  });
  const half = halfOf(p.qty, qd);
  const pnl = live?.pnl ?? p.unrealisedPnl;
  const sign = live ? live.pnlSign : pnl.startsWith('-') ? -1 : /[1-9]/.test(pnl) ? 1 : 0;
  const ratio = live ? live.marginRatio : (p.marginRatio ?? '');
  const warn = live ? live.marginRatioValue >= RATIO_WARN : Number(p.marginRatio ?? 0) >= RATIO_WARN;
  const tone = sign > 0 ? s.up : sign < 0 ? s.down : '';
  return (
    <li className={s.order} data-testid="perp-position">
      <div className={s.orderHead}>
        <strong className={p.side === 'long' ? s.up : s.down}>
          {t(`contract:side.${p.side}`)} {p.leverage}×
        </strong>
        <span dir="ltr">{p.symbol.replace(/USDT$/, '/USDT')}</span>
      </div>
      <dl className={s.orderFacts}>
        <dt>{t('contract:size')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-pos-size">
          {p.qty}
        </dd>
        <dt>{t('contract:entry')}</dt>
        <dd className="num" dir="ltr">
          {p.entryPrice}
        </dd>
        <dt>{t('contract:mark')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-pos-mark">
          {live?.mark ?? p.markPrice}
        </dd>
        <dt>{t('contract:liqPrice')}</dt>
        <dd className="num" dir="ltr">
          <span data-testid="perp-pos-liq">{p.liqPrice ?? '--'}</span>
          {live?.liqDistance ? (
            <small data-testid="perp-pos-liq-distance"> ({live.liqDistance}%)</small>
          ) : null}
        </dd>
        <dt>{t('contract:margin')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-pos-margin">
          {p.margin} USDT
        </dd>
        <dt>{t('contract:marginRatio')}</dt>
        <dd className={cx('num', warn ? s.down : '')} dir="ltr" data-testid="perp-pos-ratio">
          {ratio ? `${ratio}%` : '>100%'}
        </dd>
        <dt>{t('contract:pnl')}</dt>
        <dd className={cx('num', tone)} dir="ltr" data-testid="perp-pos-pnl">
          {pnl} USDT
        </dd>
        <dt>{t('contract:roe')}</dt>
        <dd className={cx('num', tone)} dir="ltr" data-testid="perp-pos-roe">
          {(live ? live.roe : (p.roe ?? '')) || '--'}%
        </dd>
        <dt>{t('contract:tpsl')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-pos-tpsl">
          {p.tpPrice ?? '--'} / {p.slPrice ?? '--'}
        </dd>
      </dl>
      {warn && (
        <p role="alert" className={tf.error} data-testid="perp-ratio-warn">
          {t('contract:ratioWarn')}
        </p>
      )}
      <div className={s.actions}>
        {half && (
          <button
            type="button"
            className="btn"
            disabled={act.isPending}
            data-testid="perp-close-half"
            onClick={() =>
              act.mutate(() => perpCall.close({ clientId: newClientId(), positionId: p.id, qty: half }))
            }
          >
            {t('contract:closeHalf')}
          </button>
        )}
        <button
          type="button"
          className="btn"
          disabled={act.isPending}
          data-testid="perp-close"
          onClick={() => act.mutate(() => perpCall.close({ clientId: newClientId(), positionId: p.id }))}
        >
          {t('contract:close')}
        </button>
      </div>
      <div className={s.inline}>
        <label className={tf.field}>
          <span>{t('contract:addMargin')} (USDT)</span>
          <input
            inputMode="decimal"
            dir="ltr"
            value={margin}
            data-testid="perp-add-margin"
            onChange={(e) => setMargin(cleanDecimal(e.target.value, 6))}
          />
        </label>
        <button
          type="button"
          className="btn"
          disabled={act.isPending || addMargin.sheetOpen || !margin}
          data-testid="perp-add-margin-go"
          onClick={addMargin.start}
        >
          {t('contract:add')}
        </button>
      </div>
      <div className={s.inline}>
        <label className={tf.field}>
          <span>{t('contract:tp')}</span>
          <input
            inputMode="decimal"
            dir="ltr"
            value={tp}
            data-testid="perp-tp"
            onChange={(e) => setTp(cleanDecimal(e.target.value, pd))}
          />
        </label>
        <label className={tf.field}>
          <span>{t('contract:sl')}</span>
          <input
            inputMode="decimal"
            dir="ltr"
            value={sl}
            data-testid="perp-sl"
            onChange={(e) => setSl(cleanDecimal(e.target.value, pd))}
          />
        </label>
        <label className={tf.field}>
          <span>{t('contract:source')}</span>
          <select value={source} onChange={(e) => setSource(e.target.value === 'last' ? 'last' : 'mark')}>
            <option value="mark">{t('contract:sourceMark')}</option>
            <option value="last">{t('contract:sourceLast')}</option>
          </select>
        </label>
        <button
          type="button"
          className="btn"
          disabled={act.isPending}
          data-testid="perp-tpsl-go"
          onClick={() =>
            act.mutate(async () => {
              // '0' (or empty) cancels; TP first, so a refusal of the TP leaves the SL untouched
              await perpCall.tpsl('profit', { positionId: p.id, price: tp || '0', source });
              await perpCall.tpsl('loss', { positionId: p.id, price: sl || '0', source });
            })
          }
        >
          {t('contract:set')}
        </button>
      </div>
      <p className="muted small">{t('contract:tpslHint')}</p>
      {error && (
        <p role="alert" className={tf.error} data-testid="perp-pos-error">
          {error}
        </p>
      )}
      {addMargin.sheetOpen && (
        <PasswordSheet
          open
          onClose={addMargin.closeSheet}
          onComplete={addMargin.submit}
          summary={
            <p className="muted" data-testid="perp-confirm-margin">
              {t('contract:addMargin')} ·{' '}
              <span className="num" dir="ltr">
                {margin} USDT · {p.symbol.replace(/USDT$/, '/USDT')}
              </span>
            </p>
          }
        />
      )}
      <NeedPasswordDialog flow={addMargin} />
    </li>
  );
}
