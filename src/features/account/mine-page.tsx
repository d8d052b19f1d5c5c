// Mine tab (/pages/tabbar/mine): profile card, real/demo switch and rows to the account screens.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routeTo } from '../../shared/routing/paths.ts';
import { useUnreadNotices } from '../../shared/query/notice-unread.ts';
import { profileQuery } from '../../shared/query/profile-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import {
  IconBolt,
  IconCheck,
  IconGlobe,
  IconInfo,
  IconNews,
  IconShield,
  IconStar,
  IconUser,
  IconWallet,
} from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TradeShortcut } from '../../shared/ui/trade-shortcut.tsx';
import { StaleNote } from '../../shared/ui/stale-note.tsx';
import { AccountSwitch, AccountTypeBadge } from './account-switch.tsx';
import { KycBadge } from './kyc-badge.tsx';
import { accountTypeAtom, userInfoAtom } from '../../shared/state/session-atoms.ts';
import { SignOutRow, useSignOutDialog } from './sign-out-dialog.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import s from './mine-page.module.css';
import { ServiceRow } from './service-row.tsx';

export default function MinePage() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const type = useAtomValue(accountTypeAtom);
  const { openSignOut, signOutDialog } = useSignOutDialog();
  const unread = useUnreadNotices();
  // Always read on opening (not the 10 s stale window): Mine is where a user looks for a status an operator
  // just changed, and it must agree with the drawer, which reads login-info on every open.
  const profile = useQuery({ ...profileQuery(useAccountScope()), refetchOnMount: 'always' });

  return (
    <div className="page">
      <PageHeader title={t('nav:title.tabbar.mine')} start={null} end={<TradeShortcut />} />
      <div className="page__body">
        <div className={`card card--hero ${s.profile}`}>
          <Avatar />
          <div className={s.main}>
            <span className={s.name}>
              <Num>{user?.account ?? '—'}</Num>
            </span>
            <span className={s.meta}>
              {t('account:fields.userId')}: <Num>{user?.id ?? '—'}</Num>
            </span>
            <span className={s.badges}>
              <AccountTypeBadge type={type} />
              <KycBadge idStatus={user?.idStatus} linked />
            </span>
          </div>
        </div>
        {profile.isRefetchError && (
          <StaleNote updatedAt={profile.dataUpdatedAt} onRetry={() => void profile.refetch()} />
        )}
        <AccountSwitch />
        <ListGroup>
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('nav:title.user.assets')}
            to={routeTo('user.assets')}
            testId="mine-assets"
          />
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('nav:title.exchange.index')}
            to={routeTo('exchange.index')}
            testId="mine-exchange"
          />
          {/* ---- vip (issue 18) */}
          <ListRow
            icon={<IconStar size={20} />}
            label={t('nav:title.stock.vip')}
            to={routeTo('stock.vip')}
            testId="mine-vip"
          />
          {/* ---- loans and the credit score (issue 18) */}
          <ListRow
            icon={<IconShield size={20} />}
            label={t('nav:title.user.creditScore')}
            to={routeTo('user.creditScore')}
            testId="mine-credit-score"
          />
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('nav:title.user.loan')}
            to={routeTo('user.loan')}
            testId="mine-loan"
          />
          {/* ---- votes (h-vote): shareholder voting */}
          <ListRow
            icon={<IconCheck size={20} />}
            label={t('nav:title.stock.vote')}
            to={routeTo('stock.vote')}
            testId="mine-vote"
          />
          {/* ---- block trades and token sales (issue 17): reached from here as well as from VIP and the pairs */}
          <ListRow
            icon={<IconStar size={20} />}
            label={t('nav:title.stockBulk.bulkList')}
            to={routeTo('stockBulk.bulkList')}
            testId="mine-bulk"
          />
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('nav:title.coinICO.icoList')}
            to={routeTo('coinICO.icoList')}
            testId="mine-ico"
          />
          <ListRow
            icon={<IconNews size={20} />}
            label={t('account:mine.messages')}
            value={
              unread > 0 ? (
                <span className="badge badge--fail">
                  {t('account:mine.messagesUnread', { count: unread })}
                </span>
              ) : undefined
            }
            to={routeTo('notice.list', unread > 0 ? { tab: 'messages' } : undefined)}
            testId="mine-messages"
          />
          {/* ---- alerts (h-alerts): the price alerts list */}
          <ListRow
            icon={<IconBolt size={20} />}
            label={t('nav:title.user.alerts')}
            to={routeTo('user.alerts')}
            testId="mine-alerts"
          />
          <ListRow
            icon={<IconUser size={20} />}
            label={t('nav:title.user.userInfo')}
            to={routeTo('user.userInfo')}
          />
          <ListRow
            icon={<IconShield size={20} />}
            label={t('nav:title.user.security')}
            to={routeTo('user.security')}
          />
          <ServiceRow />
          <ListRow
            icon={<IconGlobe size={20} />}
            label={t('nav:title.common.lang')}
            to={routeTo('common.lang')}
          />
          <ListRow
            icon={<IconInfo size={20} />}
            label={t('nav:title.user.about')}
            to={routeTo('user.about')}
          />
        </ListGroup>
        <ListGroup>
          <SignOutRow onClick={openSignOut} testId="mine-sign-out" />
        </ListGroup>
      </div>
      {signOutDialog}
    </div>
  );
}
