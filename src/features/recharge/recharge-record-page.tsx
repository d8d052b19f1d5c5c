// Deposit records (/pages/recharge/rechargeRecord, bankRecord — the drawer's Recharge record — and
// cryptoRecord): the caller's deposits newest first, filtered by channel, with amount, reference, status and
// time; pending ones refresh while the screen is open (queries.ts). cryptoRecord and coinRechargeList open on
// the crypto filter. Tapping a record opens its detail (deposit-detail-sheet.tsx).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../workers/protocol/deposits.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { DepositDetailSheet } from './deposit-detail-sheet.tsx';
import { depositRecordsQuery, type RecordFilter } from './queries.ts';
import r from './recharge.module.css';
import s from './recharge-record-page.module.css';

const FILTERS: readonly RecordFilter[] = ['', 'bank', 'wallet', 'offline', 'crypto'];
const PANEL_ID = 'deposit-records-panel';

function DepositRow({ d, onOpen }: { d: Deposit; onOpen: (d: Deposit) => void }) {
  const { t } = useTranslation();
  const amount = d.asset === 'PKR' ? formatPKRAmount(d.amount) : `${d.amount} USDT`;
  return (
    <button
      type="button"
      className={`${r.rowButton} ${s.row}`}
      data-testid="deposit-row"
      data-status={d.status}
      onClick={() => onOpen(d)}
    >
      <span className={s.main}>
        <span className={s.channel}>{t(`recharge:channel.${d.channel}`)}</span>
        <Num className="muted small">{d.reference}</Num>
        <Num className="muted small">{formatDate(d.createdAt)}</Num>
      </span>
      <span className={s.nums}>
        <Num>{amount}</Num>
        <span className={s[d.status]} data-testid="deposit-status">
          {t(`recharge:status.${d.status}`)}
        </span>
      </span>
    </button>
  );
}

export default function RechargeRecordPage() {
  const { t } = useTranslation();
  const crypto = /\/(cryptoRecord|coinRechargeList)$/.test(useLocation().pathname);
  const [filter, setFilter] = useState<RecordFilter>(crypto ? 'crypto' : '');
  const [open, setOpen] = useState<Deposit | null>(null);
  const records = useInfiniteQuery(depositRecordsQuery(useAccountScope(), filter));
  return (
    <div className="page">
      <PageHeader title={t(crypto ? 'nav:title.recharge.cryptoRecord' : 'nav:title.recharge.bankRecord')} />
      <Tabs
        items={FILTERS.map((f) => ({
          value: f,
          label: f ? t(`recharge:channel.${f}`) : t('recharge:all'),
          testId: `deposit-filter-${f || 'all'}`,
        }))}
        value={filter}
        onChange={setFilter}
        label={t('recharge:filter')}
        variant="pill"
        scrollable
        panelId={PANEL_ID}
        className={s.filters}
      />
      <TabPanel id={PANEL_ID} value={filter}>
        <PagedList
          query={records}
          testId="deposit-list"
          itemHeight={80}
          itemKey={(d) => d.id}
          renderItem={(d) => <DepositRow d={d} onOpen={setOpen} />}
          empty={<EmptyState title={t('recharge:empty')} testId="deposit-empty" />}
        />
      </TabPanel>
      <DepositDetailSheet record={open} onClose={() => setOpen(null)} />
    </div>
  );
}
