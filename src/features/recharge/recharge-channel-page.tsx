// The receiving accounts of one channel (/pages/recharge/rechargeChannel: banks, walletChannel: wallets,
// /pages/walletRechage/rechargeChannel as its namesake): each a row leading to the deposit form with it chosen.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IconBank, IconWallet } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { channelOfPath } from './pkr-recharge-page.tsx';
import { receivingAccountsQuery } from './queries.ts';
import { DepositGate } from './recharge-parts.tsx';

export default function RechargeChannelPage() {
  const { t } = useTranslation();
  const wallet = channelOfPath(useLocation().pathname) === 'wallet';
  const channel = wallet ? 'wallet' : 'bank';
  const accounts = useQuery(receivingAccountsQuery(useAccountScope()));
  const Icon = wallet ? IconWallet : IconBank;
  return (
    <div className="page">
      <PageHeader
        title={t(wallet ? 'nav:title.recharge.walletChannel' : 'nav:title.recharge.rechargeChannel')}
      />
      <div className="page__body">
        <DepositGate>
          {() => (
            <RemoteView
              state={toRemoteState(accounts)}
              onRetry={() => void accounts.refetch()}
              isEmpty={(a) => !a.list.some((x) => x.channel === channel)}
              empty={<EmptyState title={t('recharge:form.noAccounts')} testId="deposit-no-accounts" />}
            >
              {(a) => (
                <ListGroup title={t('recharge:form.payTo')}>
                  {a.list
                    .filter((x) => x.channel === channel)
                    .map((x) => (
                      <ListRow
                        key={x.id}
                        icon={<Icon size={20} />}
                        label={`${x.providerName} · ${x.title}`}
                        value={<Num>{x.number}</Num>}
                        to={routeTo(wallet ? 'recharge.walletRecharge' : 'recharge.bankRecharge', {
                          account: x.id,
                        })}
                        testId="deposit-channel-account"
                      />
                    ))}
                </ListGroup>
              )}
            </RemoteView>
          )}
        </DepositGate>
      </div>
    </div>
  );
}
