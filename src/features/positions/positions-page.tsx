// Positions tab (/pages/tabbar/position): live totals, then Positions (virtualised, live P&L) or the order
// centre. The chosen tab is remembered in positionTab (in memory only, spec §3), so the trade screen can send
// the user straight to the order centre after placing an order; its navigation state (OrderCentreIntent)
// names the order centre's list that holds the order.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { readOrderCentreIntent } from '../../shared/routing/order-centre-intent.ts';
import { usePortfolioAsOf } from '../../market/connectivity.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { storage } from '../../shared/storage/storage.ts';
import { AsOfNote } from '../../shared/ui/as-of-note.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IconMarkets, IconPositions } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { OrderCentre } from './order-centre.tsx';
import { PositionActions } from './position-actions.tsx';
import { PositionsList } from './positions-list.tsx';
import { usePositionsFailed, usePositionSymbols } from './positions-live.ts';
import { TotalsCard } from './totals-card.tsx';
import s from './positions-page.module.css';

/** In positionTab's order (0 positions, 1 the order centre). */
const TABS = ['positions', 'orders'] as const;
type Tab = (typeof TABS)[number];
const PANEL_ID = 'positions-panel';

export default function PositionsPage() {
  const { t } = useTranslation();
  const account = useAtomValue(accountTypeAtom);
  const intent = readOrderCentreIntent(useLocation().state);
  const [tab, setTabState] = useState<Tab>(() =>
    intent || storage.get('positionTab') === 1 ? 'orders' : 'positions',
  );
  const [open, setOpen] = useState<string | null>(null);
  const symbols = usePositionSymbols();
  const failed = usePositionsFailed();
  const asOf = usePortfolioAsOf();
  const setTab = (id: Tab) => {
    storage.set('positionTab', TABS.indexOf(id));
    setTabState(id);
  };

  return (
    <div className="page" data-testid="positions-page">
      <PageHeader
        title={t('nav:title.tabbar.position')}
        start={null}
        end={
          <Link
            className="icon-btn"
            to={routeTo('stock.income')}
            aria-label={t('trade:income.link')}
            title={t('trade:income.link')}
            data-testid="to-income"
          >
            <IconMarkets size={22} />
          </Link>
        }
      />
      <div className={`page__body ${s.body}`}>
        <TotalsCard account={account} />
        <div className={s.tabsRow}>
          <Tabs
            items={TABS.map((id) => ({
              value: id,
              label: t(`trade:positions.tab.${id}`),
              testId: `tab-${id}`,
            }))}
            value={tab}
            onChange={setTab}
            label={t('nav:title.tabbar.position')}
            panelId={PANEL_ID}
          />
          <Link
            className={`btn btn--primary btn--small ${s.trade}`}
            to={routeTo('tabbar.trade')}
            data-testid="positions-trade"
          >
            {t('trade:title')}
          </Link>
        </div>
        <TabPanel id={PANEL_ID} value={tab}>
          {tab === 'orders' ? (
            <OrderCentre initialTab={intent?.orderTab ?? 'pending'} highlightId={intent?.orderId ?? null} />
          ) : symbols === null ? (
            <p className={`muted ${s.state}`} role="status">
              {failed ? t('trade:state.error') : t('common:loading')}
            </p>
          ) : symbols.length === 0 ? (
            <EmptyState
              icon={<IconPositions size={40} />}
              title={t('trade:positions.empty')}
              text={t('trade:positions.emptyText')}
              action={
                <Link className="btn btn--primary" to={routeTo('tabbar.trade')}>
                  {t('trade:title')}
                </Link>
              }
            />
          ) : (
            <>
              <AsOfNote asOf={asOf} testId="positions-as-of" />
              <PositionsList symbols={symbols} onOpen={setOpen} />
            </>
          )}
        </TabPanel>
      </div>
      <PositionActions symbol={open} onClose={() => setOpen(null)} />
    </div>
  );
}
