// /pages/coin/index?symbol=BTCUSDT&side=buy — the crypto trading screen (issue 16): pair picker, last price
// and change, a Spot | Contract switch (`mode=contract`: the perpetual-contract panel, which src/app composes
// in from src/features/contract through `contract`), and for spot the live order book (the k-line page's component), the order form, and the open orders and history.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { TabPanel, Tabs } from '../../../shared/ui/tabs.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import tone from '../../../shared/ui/tone.module.css';
import { displayName, useInstruments } from '../instruments.ts';
import { OrderBook } from '../kline/order-book.tsx';
import { useMarketSubscription, useTicker } from '../live.ts';
import { instrumentsQuery } from '../queries.ts';
import type { ReactNode } from 'react';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { SpotForm } from './spot-form.tsx';
import { SpotOrders } from './spot-orders.tsx';
import tf from '../../../shared/ui/trade-form.module.css';
import s from './spot-page.module.css';

const ORDER_TABS = ['open', 'history'] as const;

/** The contract side, given by the app (a feature does not import another): null leaves the switch out. */
export type ContractSide = ((x: { symbol: string; base: string }) => ReactNode) | null;

export default function SpotPage({ contract = null }: { contract?: ContractSide }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? 'BTCUSDT').toUpperCase();
  const side = params.get('side') === 'sell' ? 'sell' : 'buy';
  const mode = contract && params.get('mode') === 'contract' ? 'contract' : 'spot';
  // loads the crypto instruments into the shared map (instrumentsQuery answers their count)
  useQuery(instrumentsQuery('crypto'));
  const all = useInstruments();
  const inst = all[symbol];
  const pairs = useMemo(() => Object.values(all).filter((i) => i.market === 'crypto'), [all]);
  const syms = useMemo(() => [symbol], [symbol]);
  useMarketSubscription(syms);
  const tk = useTicker(symbol);
  const base = inst?.base ?? symbol.replace(/USDT$/, '');
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  return (
    <div className="page" data-testid="spot-page">
      <PageHeader title={t(mode === 'contract' ? 'markets:spot.contractTitle' : 'markets:spot.title')} />
      <div className={s.pairBar}>
        <label className={s.pairPick}>
          <span className="visually-hidden">{t('markets:spot.pair')}</span>
          <select value={symbol} onChange={(e) => set('symbol', e.target.value)} data-testid="spot-pair">
            {(pairs.length ? pairs : inst ? [inst] : []).map((c) => (
              <option key={c.symbol} value={c.symbol}>
                {c.base}/{c.quote}
              </option>
            ))}
          </select>
        </label>
        <span className={s.name}>{displayName(inst, i18n.language)}</span>
        <span
          className={cx(s.last, 'num', tk?.dir === 'up' ? tone.up : tk?.dir === 'down' ? tone.down : '')}
          dir="ltr"
        >
          <span data-testid="spot-last">{tk?.price ?? '—'}</span> <small>{tk?.changePct ?? ''}</small>
        </span>
      </div>
      {contract && (
        <div className={s.modeBar}>
          <Segmented
            label={t('markets:spot.mode')}
            value={mode}
            options={[
              { value: 'spot', label: t('markets:spot.modeSpot') },
              { value: 'contract', label: t('markets:spot.modeContract') },
            ]}
            onChange={(v) => set('mode', v)}
            testId="coin-mode"
          />
        </div>
      )}
      {contract && mode === 'contract' ? (
        <div key={symbol}>{contract({ symbol, base })}</div>
      ) : (
        <SpotSide
          symbol={symbol}
          base={base}
          side={side}
          onSide={(v) => set('side', v)}
          lastPrice={tk?.price}
        />
      )}
    </div>
  );
}

function SpotSide({
  symbol,
  base,
  side,
  onSide,
  lastPrice,
}: {
  symbol: string;
  base: string;
  side: 'buy' | 'sell';
  onSide: (v: 'buy' | 'sell') => void;
  lastPrice: string | undefined;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof ORDER_TABS)[number]>('open');
  return (
    <>
      <div className={tf.main}>
        <SpotForm
          key={symbol}
          symbol={symbol}
          base={base}
          side={side}
          onSide={onSide}
          lastPrice={lastPrice}
        />
        <OrderBook symbol={symbol} />
      </div>
      <Tabs
        items={ORDER_TABS.map((id) => ({ value: id, label: t(`markets:spot.${id}`) }))}
        value={tab}
        onChange={setTab}
        panelId="spot-orders"
      />
      <TabPanel id="spot-orders" value={tab}>
        <SpotOrders scopeName={tab} />
      </TabPanel>
    </>
  );
}
