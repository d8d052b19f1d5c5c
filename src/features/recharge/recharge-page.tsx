// Deposit (/pages/recharge/recharge, the drawer's Deposit): the channels the platform offers now
// (common/props deposit.channels) as rows — bank transfer, mobile wallet, offline, crypto — and the records.
// The demo account and a user not yet KYC-verified see why they cannot deposit instead (DepositGate).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { propsQuery } from '../../shared/query/props-query.ts';
import { routeTo, type RouteName } from '../../shared/routing/paths.ts';
import { IconBank, IconDeposit, IconReceipt, IconWallet } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { DepositGate } from './recharge-parts.tsx';

const ROUTE: Record<'bank' | 'wallet' | 'offline' | 'crypto', RouteName> = {
  bank: 'recharge.rechargeChannel',
  wallet: 'recharge.walletChannel',
  offline: 'recharge.offlineRecharge',
  crypto: 'recharge.cryptoRecharge',
};
const ICON = { bank: IconBank, wallet: IconWallet, offline: IconDeposit, crypto: IconDeposit } as const;

export default function RechargePage() {
  const { t, i18n } = useTranslation();
  const props = useQuery(propsQuery(i18n.language));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.recharge.recharge')} />
      <div className="page__body">
        <DepositGate>
          {() => (
            <RemoteView
              state={toRemoteState(props)}
              onRetry={() => void props.refetch()}
              isEmpty={(p) => p.values['deposit.channels'].length === 0}
              empty={<EmptyState title={t('recharge:choose.none')} testId="deposit-no-channels" />}
            >
              {(p) => (
                <>
                  <p className="muted small">{t('recharge:choose.intro')}</p>
                  <ListGroup>
                    {p.values['deposit.channels'].map((c) => {
                      const Icon = ICON[c];
                      return (
                        <ListRow
                          key={c}
                          icon={<Icon size={20} />}
                          label={t(`recharge:channel.${c}`)}
                          value={t(`recharge:choose.hint.${c}`)}
                          to={routeTo(ROUTE[c])}
                          testId={`deposit-choose-${c}`}
                        />
                      );
                    })}
                  </ListGroup>
                </>
              )}
            </RemoteView>
          )}
        </DepositGate>
        <ListGroup>
          <ListRow
            icon={<IconReceipt size={20} />}
            label={t('nav:title.recharge.rechargeRecord')}
            to={routeTo('recharge.rechargeRecord')}
            testId="deposit-choose-records"
          />
        </ListGroup>
      </div>
    </div>
  );
}
