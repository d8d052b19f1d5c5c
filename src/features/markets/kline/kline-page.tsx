// A stock's or coin's detail page (/pages/stock/stockKline?symbol=OGDC, /pages/coin/coinKline?symbol=BTCUSDT):
// live summary, candlestick chart with intervals and indicators, order book and trades tape, watch star and
// (stocks) Buy/Sell. The chart is a lazily loaded chunk: lightweight-charts is heavy and cannot run in jsdom.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Interval } from '../../../../workers/protocol/market.ts';
import { BusinessError, ResultError } from '../../../shared/api/api-errors.ts';
import { routeTo } from '../../../shared/routing/paths.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { AlertBell } from './alert-bell.tsx';
import { FeedBadge } from '../components/feed-badge.tsx';
import { displayName, useInstruments } from '../instruments.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { IconSearch } from '../../../shared/ui/icons.tsx';
import { useMarketSubscription } from '../live.ts';
import { instrumentsQuery, stockInfoQuery } from '../queries.ts';
import {
  parseInterval,
  readMainInd,
  readSubInd,
  saveMainInd,
  saveSubInd,
  type MainIndicator,
  type SubIndicator,
} from './chart-prefs.ts';
import { IndicatorBar, IntervalBar } from './chart-toolbar.tsx';
import { devicePixelCheck } from './device-pixels.ts';
import { KlineSummary, SessionBadge } from './kline-summary.tsx';
import { OrderBook } from './order-book.tsx';
import { TradesTape } from './trades-tape.tsx';
import { WatchStar } from './watch-star.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import { TabPanel, Tabs } from '../../../shared/ui/tabs.tsx';
import chartStyles from './kline-chart.module.css';
import s from './kline-page.module.css';

// The chart's code, and (once per page, a frame) the check that its canvases will see the screen's real pixel
// density (device-pixels.ts).
const KlineChart = lazy(() =>
  Promise.all([import('./kline-chart.tsx'), devicePixelCheck()]).then(([m]) => m),
);
const DEPTH_TABS = ['book', 'trades'] as const;

export function KlinePage({ kind }: { kind: 'stock' | 'coin' }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? (kind === 'coin' ? 'BTCUSDT' : 'OGDC')).toUpperCase();
  const interval = parseInterval(params.get('iv'));
  const [main, setMain] = useState<MainIndicator>(readMainInd);
  const [sub, setSub] = useState<SubIndicator>(readSubInd);
  const [tab, setTab] = useState<(typeof DEPTH_TABS)[number]>('book');
  const inst = useInstruments()[symbol];
  const syms = useMemo(() => [symbol], [symbol]);
  useMarketSubscription(syms);

  // The server does not know the symbol when it refuses stock/info (its -1001 message was toasted) or a loaded
  // crypto list lacks it; a network failure is not that.
  const coins = useQuery({ ...instrumentsQuery('crypto'), enabled: kind === 'coin' });
  const stock = useQuery({ ...stockInfoQuery(symbol), enabled: kind === 'stock' });
  const info = stock.data;
  const missing =
    kind === 'coin'
      ? coins.isSuccess && !inst
      : stock.error instanceof BusinessError || stock.error instanceof ResultError;

  const setInterval = (iv: Interval) => {
    const next = new URLSearchParams(params);
    next.set('iv', iv);
    setParams(next, { replace: true });
  };
  const title = kind === 'coin' && inst ? `${inst.base}/${inst.quote}` : symbol;
  const isIndex = inst?.market === 'index';

  if (missing)
    return (
      <div className="page" data-testid="kline-page">
        <PageHeader title={symbol} />
        <div className="page__body page__body--center">
          <EmptyState
            icon={<IconSearch size={40} />}
            title={t('markets:kline.notFound')}
            action={
              <Link className="btn btn--primary" to={routeTo('stock.search')}>
                {t('markets:search.title')}
              </Link>
            }
          />
        </div>
      </div>
    );

  return (
    <div
      className={cx('page', ((kind === 'stock' && !isIndex) || (kind === 'coin' && inst)) && s.trade)}
      data-testid="kline-page"
    >
      <PageHeader
        title={title}
        wide
        end={
          <>
            <AlertBell symbol={symbol} />
            <WatchStar kind={kind} symbol={symbol} />
          </>
        }
      />
      <div className={s.titlebar}>
        <span className={s.name}>{displayName(inst, i18n.language)}</span>
        <span className={s.badges}>
          <SessionBadge symbol={symbol} />
          <FeedBadge />
        </span>
      </div>
      <KlineSummary symbol={symbol} info={info} />
      <IntervalBar interval={interval} onInterval={setInterval} />
      <IndicatorBar
        main={main}
        sub={sub}
        onMain={(m) => {
          setMain(m);
          saveMainInd(m);
        }}
        onSub={(s) => {
          setSub(s);
          saveSubInd(s);
        }}
      />
      <div className={s.chartBox} dir="ltr" data-testid="kline-chart-box">
        <Suspense fallback={<div className={chartStyles.loading}>{t('markets:kline.chartLoading')}</div>}>
          <KlineChart
            symbol={symbol}
            interval={interval}
            main={main}
            sub={sub}
            precision={inst?.priceDecimals ?? 2}
          />
        </Suspense>
      </div>
      {isIndex ? (
        <Link className={`card ${s.indexLink}`} to={routeTo('stock.index', { symbol })}>
          {t('markets:indices.constituents')}
        </Link>
      ) : (
        <>
          <Tabs
            items={DEPTH_TABS.map((id) => ({ value: id, label: t(`markets:${id}.title`) }))}
            value={tab}
            onChange={setTab}
            panelId="kline-depth"
            className={s.tabs}
          />
          <TabPanel id="kline-depth" value={tab}>
            {tab === 'book' ? <OrderBook symbol={symbol} /> : <TradesTape symbol={symbol} />}
          </TabPanel>
        </>
      )}
      {kind === 'coin' && inst && (
        <div className={s.actions}>
          <Link className={`btn ${s.buy}`} to={routeTo('coin.index', { symbol, side: 'buy' })}>
            {t('markets:kline.buy')}
          </Link>
          <Link className={`btn ${s.sell}`} to={routeTo('coin.index', { symbol, side: 'sell' })}>
            {t('markets:kline.sell')}
          </Link>
        </div>
      )}
      {kind === 'stock' && !isIndex && (
        <div className={s.actions}>
          <Link className={`btn ${s.buy}`} to={routeTo('stock.order', { symbol, side: 'buy' })}>
            {t('markets:kline.buy')}
          </Link>
          <Link className={`btn ${s.sell}`} to={routeTo('stock.order', { symbol, side: 'sell' })}>
            {t('markets:kline.sell')}
          </Link>
          {/* ---- options (issue 17 §6): the broker's own cash-settled options on this stock */}
          <Link
            className={`btn ${s.option}`}
            to={routeTo('stock.order', { mode: 'option', symbol })}
            data-testid="kline-options"
          >
            {t('markets:kline.options')}
          </Link>
        </div>
      )}
    </div>
  );
}
