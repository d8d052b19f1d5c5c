// /pages/coin/assetsRecord (a decision: the spec names it and says nothing more): the crypto assets overview —
// the three accounts, then the spot account coin by coin with its last price and value in USDT and PKR — with
// links to the crypto funds detail and to the exchange.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CoinAssets } from '../../../contract/exchange.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconFunds, IconSwap } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { AccountCards, coinText, pkrText, usdtText } from './exchange-parts.tsx';
import { coinAssetsQuery } from './queries.ts';
import s from './exchange.module.css';

function Coins({ assets }: { assets: CoinAssets }) {
  const { t } = useTranslation();
  return (
    <section className={s.section} aria-label={t('exchange:assets.coins')}>
      <h2 className="small">{t('exchange:assets.coins')}</h2>
      <ul className={s.coins} data-testid="coin-list">
        {assets.spot.assets.map((a) => (
          <li key={a.asset} className={s.row} data-testid={`coin-${a.asset}`}>
            <span className={s.rowMain}>
              <strong>{a.asset}</strong>
              <span className="muted small">
                {t('exchange:assets.price')} <Num>{coinText(a.price)}</Num>
              </span>
            </span>
            <span className={s.rowNums}>
              <Num>{coinText(a.available)}</Num>
              <span className="muted small">
                <Num>{usdtText(a.valueUsdt)}</Num> · <Num>{pkrText(a.valuePkr)}</Num>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function CoinAssetsPage() {
  const { t } = useTranslation();
  const assets = useQuery(coinAssetsQuery(useAccountScope()));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.coin.assetsRecord')} />
      <div className="page__body">
        <RemoteView state={toRemoteState(assets)} onRetry={() => void assets.refetch()}>
          {(a) => (
            <div className={s.section}>
              <AccountCards assets={a} />
              <Coins assets={a} />
            </div>
          )}
        </RemoteView>
        <ListGroup>
          <ListRow
            icon={<IconFunds size={20} />}
            label={t('exchange:assets.records')}
            to={routeTo('fundsDetail.cryptoFundsDetail')}
            testId="assets-records"
          />
          <ListRow
            icon={<IconSwap size={20} />}
            label={t('exchange:assets.exchange')}
            to={routeTo('exchange.index')}
            testId="assets-exchange"
          />
        </ListGroup>
      </div>
    </div>
  );
}
