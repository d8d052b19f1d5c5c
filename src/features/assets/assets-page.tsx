// Assets (/pages/user/assets; one tap from Positions and Mine): the current account's total, available, frozen, market value of positions,
// floating and today's P&L, live from the worker's account feed (the cash from the account channel, the market
// value and P&L at the feed's prices: no polling here); the real/demo switch (each account's own money); funds
// detail and the deposit/withdraw entries. Offline the figures say "as of HH:MM" and the entries are disabled
// with the reason.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { useAssetsView } from '../../market/account.ts';
import { useOffline, usePortfolioAsOf } from '../../market/connectivity.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { AsOfNote } from '../../shared/ui/as-of-note.tsx';
import {
  IconDeposit,
  IconFunds,
  IconReceipt,
  IconSwap,
  IconWallet,
  IconWithdraw,
} from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { OfflineReason } from '../../shared/ui/offline-reason.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { switchAccountType } from './assets-api.ts';
import { toneClass } from '../../shared/ui/tone.ts';
import s from './assets-page.module.css';

function pnlDir(v: number | undefined): 'up' | 'down' | 'flat' {
  return !v ? 'flat' : v < 0 ? 'down' : 'up';
}

export default function AssetsPage() {
  const { t } = useTranslation();
  const account = useAtomValue(accountTypeAtom);
  // The worker drops the previous account's figures on a switch: these are always the current account's.
  const assets = useAssetsView();
  const [busy, setBusy] = useState(false);
  const asOf = usePortfolioAsOf();
  const offline = useOffline();
  const reasonId = useId();

  const v = (s: string | undefined) => (s ? s : '—');
  const dir = pnlDir(assets?.floatingPnlValue);
  const todayDir = pnlDir(assets?.todayPnlValue);
  return (
    <div className="page" data-testid="assets-page">
      <PageHeader title={t('nav:title.user.assets')} />
      <div className="page__body">
        <Segmented<AccountType>
          label={t('trade:account.switch')}
          value={account}
          disabled={busy}
          testId="assets-account-switch"
          options={[
            { value: 'real', label: t('trade:account.real') },
            { value: 'demo', label: t('trade:account.demo') },
          ]}
          onChange={(next) => {
            setBusy(true);
            void switchAccountType(next).finally(() => setBusy(false));
          }}
        />
        <section className={`card card--hero ${s.hero}`} data-testid="assets-card">
          <span className="muted small">
            {t('trade:assets.total')} (<Num>PKR</Num>)
          </span>
          <AsOfNote asOf={asOf} testId="assets-as-of" />
          <span className={s.total} data-testid="assets-total">
            <Num>{v(assets?.total)}</Num>
          </span>
          <div className={s.grid}>
            <span className={s.wide}>
              <span className="muted small">{t('trade:positions.marketValue')}</span>
              <span data-testid="assets-market-value">
                <Num>{v(assets?.marketValue)}</Num>
              </span>
            </span>
            <span>
              <span className="muted small">{t('trade:assets.available')}</span>
              <span data-testid="assets-available">
                <Num>{v(assets?.available)}</Num>
              </span>
            </span>
            <span>
              <span className="muted small">{t('trade:assets.frozen')}</span>
              <span data-testid="assets-frozen">
                <Num>{v(assets?.frozen)}</Num>
              </span>
            </span>
            <span>
              <span className="muted small">{t('trade:positions.floatingPnl')}</span>
              <span className={toneClass(dir)} data-testid="assets-pnl">
                <Num>{v(assets?.floatingPnl)}</Num>
              </span>
            </span>
            <span>
              <span className="muted small">{t('trade:positions.todayPnl')}</span>
              <span className={toneClass(todayDir)} data-testid="assets-today">
                <Num>{v(assets?.todayPnl)}</Num>
              </span>
            </span>
          </div>
          {offline ? (
            // Offline a deposit or withdrawal cannot be sent: the entries are disabled and say why.
            <>
              <div className={s.cta}>
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled
                  aria-describedby={reasonId}
                  data-testid="assets-deposit"
                >
                  <IconDeposit size={18} />
                  {t('trade:assets.deposit')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled
                  aria-describedby={reasonId}
                  data-testid="assets-withdraw"
                >
                  <IconWithdraw size={18} />
                  {t('trade:assets.withdraw')}
                </button>
              </div>
              <OfflineReason id={reasonId} text={t('trade:offline.funds')} />
            </>
          ) : (
            <div className={s.cta}>
              <Link
                className="btn btn--primary"
                to={routeTo('recharge.recharge')}
                data-testid="assets-deposit"
              >
                <IconDeposit size={18} />
                {t('trade:assets.deposit')}
              </Link>
              <Link
                className="btn btn--ghost"
                to={routeTo('withdraw.withdraw')}
                data-testid="assets-withdraw"
              >
                <IconWithdraw size={18} />
                {t('trade:assets.withdraw')}
              </Link>
            </div>
          )}
        </section>
        <ListGroup>
          <ListRow
            icon={<IconFunds size={20} />}
            label={t('nav:title.fundsDetail.stockFundsDetail')}
            to={routeTo('fundsDetail.stockFundsDetail')}
            testId="to-funds-detail"
          />
          <ListRow
            icon={<IconReceipt size={20} />}
            label={t('nav:title.stock.income')}
            to={routeTo('stock.income')}
          />
          {/* the crypto accounts (issue 16): exchange and transfers, the crypto assets */}
          <ListRow
            icon={<IconSwap size={20} />}
            label={t('nav:title.exchange.index')}
            to={routeTo('exchange.index')}
            testId="to-exchange"
          />
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('nav:title.coin.assetsRecord')}
            to={routeTo('coin.assetsRecord')}
            testId="to-coin-assets"
          />
        </ListGroup>
      </div>
    </div>
  );
}
