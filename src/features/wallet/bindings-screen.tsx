// Bank details (/pages/wallet/bankList, also walletList and addressList): three tabs, Bank accounts, Mobile
// wallets and Crypto addresses. The query's `type` picks the tab: 1 mobile wallets, 2 bank accounts (the
// drawer's Bank details opens ?type=2), 3 crypto addresses; switching tabs rewrites it, so Back returns to
// the same tab.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { AddressList } from './address-list.tsx';
import { BindingList } from './binding-list.tsx';
import s from './wallet.module.css';

export type BindingTab = 'bank' | 'wallet' | 'crypto';
const TAB_OF_TYPE: Readonly<Record<string, BindingTab>> = { '1': 'wallet', '2': 'bank', '3': 'crypto' };
const TYPE_OF_TAB: Readonly<Record<BindingTab, string>> = { wallet: '1', bank: '2', crypto: '3' };
const PANEL_ID = 'bindings-panel';

export function tabOfType(type: string | null, fallback: BindingTab): BindingTab {
  return (type !== null && TAB_OF_TYPE[type]) || fallback;
}

export function BindingsScreen({ fallback, titleKey }: { fallback: BindingTab; titleKey: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOfType(params.get('type'), fallback);
  return (
    <div className="page">
      <PageHeader title={t(titleKey)} />
      <Tabs
        items={(['bank', 'wallet', 'crypto'] as const).map((v) => ({
          value: v,
          label: t(`wallet:tabs.${v}`),
          testId: `bindings-tab-${v}`,
        }))}
        value={tab}
        onChange={(v) => setParams({ type: TYPE_OF_TAB[v] }, { replace: true })}
        label={t('wallet:tabs.label')}
        panelId={PANEL_ID}
        className={s.tabs}
      />
      <TabPanel id={PANEL_ID} value={tab}>
        {tab === 'crypto' ? <AddressList /> : <BindingList kind={tab} />}
      </TabPanel>
    </div>
  );
}
