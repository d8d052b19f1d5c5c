// /pages/stock/order?mode=option&symbol=X: the options screen (issue 17 §6). The spec names no options route;
// decided (s27): a `mode=option` view of the stock order screen, reached from the stock screen's "Options"
// button beside Buy / Sell. Two tabs: Buy (the ticket, option-ticket.tsx) and My options (the records and
// their statistics, option-records.tsx; `tab=records`). Every view says these are the broker's own
// cash-settled contracts, not exchange-listed options.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { OptionRecords } from './option-records.tsx';
import { OptionTicket } from './option-ticket.tsx';
import s from './option.module.css';

type Tab = 'buy' | 'records';
const DEFAULT_SYMBOL = 'OGDC';

export default function OptionPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'records' ? 'records' : 'buy';
  const symbol = (params.get('symbol') ?? DEFAULT_SYMBOL).toUpperCase();
  const panelId = useId();
  const go = (next: Tab) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('tab', next);
        return q;
      },
      { replace: true },
    );
  return (
    <div className="page">
      <PageHeader title={`${t('option:title')} · ${symbol}`} />
      <div className="page__body">
        <Tabs
          items={[
            { value: 'buy', label: t('option:tabs.buy'), testId: 'option-tab-buy' },
            { value: 'records', label: t('option:tabs.records'), testId: 'option-tab-records' },
          ]}
          value={tab}
          onChange={go}
          label={t('option:title')}
          panelId={panelId}
          className={s.tabs}
        />
        <TabPanel id={panelId} value={tab}>
          {tab === 'buy' ? (
            <OptionTicket symbol={symbol} onBought={() => go('records')} />
          ) : (
            <OptionRecords />
          )}
        </TabPanel>
      </div>
    </div>
  );
}
