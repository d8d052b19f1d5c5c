// /pages/exchange/index: the three accounts (stock PKR, spot and contract USDT) and the ways money moves
// between them.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconFunds, IconSwap, IconWallet } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { AccountCards } from './exchange-parts.tsx';
import { coinAssetsQuery } from './queries.ts';

export default function ExchangeHubPage() {
  const { t } = useTranslation();
  const assets = useQuery(coinAssetsQuery(useAccountScope()));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.exchange.index')} />
      <div className="page__body">
        <p className="muted small">{t('exchange:hub.intro')}</p>
        <RemoteView state={toRemoteState(assets)} onRetry={() => void assets.refetch()}>
          {(a) => <AccountCards assets={a} />}
        </RemoteView>
        <ListGroup>
          <ListRow
            icon={<IconSwap size={20} />}
            label={t('exchange:hub.toUsdt')}
            value={t('exchange:hub.toUsdtHint')}
            to={routeTo('exchange.stock')}
            testId="hub-to-usdt"
          />
          <ListRow
            icon={<IconSwap size={20} />}
            label={t('exchange:hub.toPkr')}
            value={t('exchange:hub.toPkrHint')}
            to={routeTo('exchange.exchange')}
            testId="hub-to-pkr"
          />
          <ListRow
            icon={<IconSwap size={20} />}
            label={t('exchange:hub.transfer')}
            value={t('exchange:hub.transferHint')}
            to={routeTo('exchange.cryptoTransfer')}
            testId="hub-transfer"
          />
          <ListRow
            icon={<IconSwap size={20} />}
            label={t('exchange:hub.convert')}
            value={t('exchange:hub.convertHint')}
            to={routeTo('exchange.cryptoConvert')}
            testId="hub-convert"
          />
        </ListGroup>
        <ListGroup>
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('exchange:hub.assets')}
            to={routeTo('coin.assetsRecord')}
            testId="hub-assets"
          />
          <ListRow
            icon={<IconFunds size={20} />}
            label={t('exchange:hub.records')}
            to={routeTo('fundsDetail.cryptoFundsDetail')}
            testId="hub-records"
          />
        </ListGroup>
      </div>
    </div>
  );
}
