// /pages/fundsDetail/cryptoFundsDetail: the USDT movements of the spot or the contract account (coin/tx/record),
// newest first with the balance after each, filtered by type, paged into a virtualised list.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoinAccount } from '../../../contract/exchange.ts';
import { TX_TYPES } from '../../../contract/trade-lists.ts';
import type { TxRecord } from '../../../workers/protocol/trade.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import tone from '../../shared/ui/tone.module.css';
import { usdtText } from './exchange-parts.tsx';
import { coinRecordsQuery } from './queries.ts';
import s from './exchange.module.css';

/** The types a USDT book shows (no demo grant, no share trades: those are PKR). */
const FILTERS = ['', ...TX_TYPES.filter((x) => x !== 'demo_grant')] as const;
type Filter = (typeof FILTERS)[number];
const PANEL_ID = 'coin-funds-panel';

function Row({ r }: { r: TxRecord }) {
  const { t } = useTranslation();
  const neg = r.amount.startsWith('-');
  return (
    <div className={s.row} data-testid="coin-tx-row" data-type={r.type}>
      <span className={s.rowMain}>
        <span>{t(`trade:funds.type.${r.type}`)}</span>
        <Num className="muted small">{formatDate(r.createdAt)}</Num>
      </span>
      <span className={s.rowNums}>
        <span className={neg ? tone.down : tone.up}>
          <Num>{neg ? usdtText(r.amount) : `+${usdtText(r.amount)}`}</Num>
        </span>
        <span className="muted small">
          {t('exchange:records.balance')} <Num>{usdtText(r.balance)}</Num>
        </span>
      </span>
    </div>
  );
}

export default function CryptoFundsDetailPage() {
  const { t } = useTranslation();
  const [account, setAccount] = useState<CoinAccount>('spot');
  const [filter, setFilter] = useState<Filter>('');
  const records = useInfiniteQuery(coinRecordsQuery(useAccountScope(), account, filter));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.fundsDetail.cryptoFundsDetail')} />
      <div className="page__body">
        <Segmented
          label={t('exchange:records.account')}
          value={account}
          options={[
            { value: 'spot', label: t('exchange:accounts.spot') },
            { value: 'contract', label: t('exchange:accounts.contract') },
          ]}
          onChange={setAccount}
          testId="coin-records-account"
        />
      </div>
      <Tabs
        items={FILTERS.map((f) => ({
          value: f,
          label: f ? t(`trade:funds.type.${f}`) : t('exchange:records.all'),
          testId: `coin-filter-${f || 'all'}`,
        }))}
        value={filter}
        onChange={setFilter}
        label={t('exchange:records.filter')}
        variant="pill"
        scrollable
        panelId={PANEL_ID}
      />
      <TabPanel id={PANEL_ID} value={filter}>
        <PagedList
          query={records}
          testId="coin-tx-list"
          itemHeight={64}
          itemKey={(r) => r.id}
          renderItem={(r) => <Row r={r} />}
          empty={<EmptyState title={t('exchange:records.empty')} testId="coin-tx-empty" />}
        />
      </TabPanel>
    </div>
  );
}
