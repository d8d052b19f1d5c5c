// The Contract side of /pages/coin/index (?mode=contract): the pair's mark and index price, the estimated
// funding rate and the next funding time, the order form, the contract account's balances with a link to the
// spot ↔ contract transfer, the open positions (live figures from the worker, with their totals) with "close
// all", and the waiting orders (TP/SL triggers, and resting limit orders, each with Cancel). The exchange is the app's simulator, and the screen says so.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useContractPositionsFeed, useContractTotals } from '../../market/contracts.ts';
import { BusinessError } from '../../shared/api/api-errors.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { accountKey, RESOURCE } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { cx } from '../../shared/ui/cx.ts';
import tf from '../../shared/ui/trade-form.module.css';
import s from './contract.module.css';
import { ContractForm } from './contract-form.tsx';
import { ContractHistory, LiquidationNotice } from './contract-history.tsx';
import { ContractPosition } from './contract-position.tsx';
import { useContractChanges, useContractPushed } from './contract-push.ts';
import {
  activeQuery,
  contractAssetsQuery,
  contractKey,
  newClientId,
  perpCall,
  perpTickerQuery,
  positionsQuery,
} from './contract-queries.ts';

const TABS = ['positions', 'active', 'history'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly (string | null)[]).includes(v);

export function ContractPanel({ symbol, base }: { symbol: string; base: string }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [params] = useSearchParams();
  // a liquidation message links here with ?tab=history
  const asked = params.get('tab');
  const [tab, setTab] = useState<Tab>(isTab(asked) ? asked : 'positions');
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: contractKey(scope) });
    void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.coinAssets) });
  }, [client, scope]);
  const [error, setError] = useState('');
  const ticker = useQuery(perpTickerQuery(symbol));
  const assets = useQuery(contractAssetsQuery(scope));
  const pushed = useContractPushed();
  useContractChanges(refresh);
  const positions = useQuery(positionsQuery(scope, pushed));
  const active = useQuery(activeQuery(scope, pushed));
  useContractPositionsFeed(`${scope[1] ?? ''}:${scope[0]}`, positions.data?.list);
  const closeAll = useMutation({
    mutationFn: () => perpCall.closeAll(newClientId()),
    onSuccess: () => {
      setError('');
      void client.invalidateQueries({ queryKey: contractKey(scope) });
      void client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.coinAssets) });
    },
    onError: (e) => setError(e instanceof BusinessError ? e.msg : t('contract:failed')),
  });
  const totals = useContractTotals();
  const [cancelError, setCancelError] = useState('');
  const cancel = useMutation({
    mutationFn: (id: number) => perpCall.cancel(id),
    onSuccess: () => {
      setCancelError('');
      refresh();
    },
    onError: (e) => {
      setCancelError(e instanceof BusinessError ? e.msg : t('contract:failed'));
      refresh();
    },
  });
  const tk = ticker.data;
  const acct = assets.data?.contract;
  const list = positions.data?.list ?? [];
  return (
    <div data-testid="perp-panel">
      <p className={cx('muted small', s.note)} data-testid="perp-simulated">
        {t('contract:simulated')}
      </p>
      <dl className={s.info}>
        <dt>{t('contract:mark')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-mark">
          {tk?.markPrice ?? '—'}
        </dd>
        <dt>{t('contract:index')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-index">
          {tk?.indexPrice ?? '—'}
        </dd>
        <dt>{t('contract:funding')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-funding">
          {tk ? `${tk.fundingRate}%` : '—'}
        </dd>
        <dt>{t('contract:nextFunding')}</dt>
        <dd className="num" dir="ltr" data-testid="perp-next-funding">
          {tk ? formatDate(tk.nextFundingTime, 'HH:mm') : '—'}
        </dd>
      </dl>
      <div className={s.balance} data-testid="perp-balance">
        <strong>{t('contract:account')}</strong>
        <span>
          {t('contract:available')}{' '}
          <span className="num" dir="ltr" data-testid="perp-available">
            {acct?.available ?? '…'}
          </span>
        </span>
        <span>
          {t('contract:margin')}{' '}
          <span className="num" dir="ltr" data-testid="perp-margin-total">
            {acct?.margin ?? '…'}
          </span>
        </span>
        <span>
          {t('contract:frozen')}{' '}
          <span className="num" dir="ltr">
            {acct?.frozen ?? '…'}
          </span>
        </span>
        <Link to={routeTo('exchange.cryptoTransfer')} data-testid="perp-transfer">
          {t('contract:transfer')}
        </Link>
      </div>
      <div className={tf.main}>
        {tk ? (
          <ContractForm key={symbol} ticker={tk} base={base} />
        ) : (
          <p className="muted">{ticker.error instanceof BusinessError ? ticker.error.msg : '…'}</p>
        )}
      </div>
      <LiquidationNotice onSeen={refresh} />
      <Tabs
        items={TABS.map((id) => ({ value: id, label: t(`contract:tabs.${id}`) }))}
        value={tab}
        onChange={setTab}
        panelId="perp-lists"
      />
      <TabPanel id="perp-lists" value={tab}>
        {tab === 'positions' ? (
          list.length ? (
            <>
              {totals && totals.count > 0 && (
                <div className={s.balance} data-testid="perp-totals">
                  <span>
                    {t('contract:totalPnl')}{' '}
                    <span
                      className={cx('num', totals.pnlSign > 0 ? s.up : totals.pnlSign < 0 ? s.down : '')}
                      dir="ltr"
                      data-testid="perp-total-pnl"
                    >
                      {totals.pnl}
                    </span>
                  </span>
                  {totals.atRisk > 0 && (
                    <span role="alert" className={tf.error} data-testid="perp-at-risk">
                      {t('contract:atRisk', { count: totals.atRisk })}
                    </span>
                  )}
                </div>
              )}
              <ul className={s.orders}>
                {list.map((p) => (
                  <ContractPosition key={p.id} p={p} />
                ))}
              </ul>
              <div className={s.actions}>
                <button
                  type="button"
                  className="btn"
                  disabled={closeAll.isPending}
                  data-testid="perp-close-all"
                  onClick={() => closeAll.mutate()}
                >
                  {t('contract:closeAll')}
                </button>
              </div>
              {error && (
                <p role="alert" className={tf.error}>
                  {error}
                </p>
              )}
            </>
          ) : (
            <EmptyState title={t('contract:noPositions')} testId="perp-no-positions" />
          )
        ) : tab === 'history' ? (
          <ContractHistory />
        ) : (active.data?.list.length ?? 0) + (active.data?.orders.length ?? 0) > 0 ? (
          <ul className={s.orders}>
            {active.data?.orders.map((o) => (
              <li key={`limit-${o.id}`} className={s.order} data-testid="perp-limit-order">
                <div className={s.orderHead}>
                  <strong className={o.side === 'long' ? s.up : s.down}>
                    {t('contract:limitOrder')} · {t(`contract:side.${o.side}`)} {o.leverage}×
                  </strong>
                  <span dir="ltr">{o.symbol.replace(/USDT$/, '/USDT')}</span>
                </div>
                <p className="small">
                  <span className="num" dir="ltr">
                    {o.qty} @ {o.price}
                  </span>{' '}
                  · {t('contract:frozen')}{' '}
                  <span className="num" dir="ltr" data-testid="perp-limit-frozen">
                    {o.frozen} USDT
                  </span>
                </p>
                <button
                  type="button"
                  className="btn"
                  disabled={cancel.isPending}
                  data-testid="perp-limit-cancel"
                  onClick={() => cancel.mutate(o.id)}
                >
                  {t('contract:cancelOrder')}
                </button>
              </li>
            ))}
            {active.data?.list.map((a) => (
              <li key={`${a.positionId}-${a.kind}`} className={s.order} data-testid="perp-trigger">
                <div className={s.orderHead}>
                  <strong>{t(`contract:${a.kind}`)}</strong>
                  <span dir="ltr">{a.symbol.replace(/USDT$/, '/USDT')}</span>
                </div>
                <p className="num small" dir="ltr">
                  {a.price} · {a.qty} ·{' '}
                  {t(a.source === 'mark' ? 'contract:sourceMark' : 'contract:sourceLast')}
                </p>
              </li>
            ))}
            {cancelError && (
              <p role="alert" className={tf.error}>
                {cancelError}
              </p>
            )}
          </ul>
        ) : (
          <EmptyState title={t('contract:noActive')} testId="perp-no-active" />
        )}
      </TabPanel>
    </div>
  );
}
