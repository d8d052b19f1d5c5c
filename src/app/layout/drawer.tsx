// The left-side drawer (spec §2): a 300 px panel from the inline-start edge with a backdrop. Each time it
// opens it re-reads login-info (empty → logged out, status 0 → signed out). Shows the account with its
// KYC label and copyable id (or login/register), the real/demo switch, Deposit/Withdraw, the menu rows in
// the spec's order and, when logged in, Sign out behind a confirmation.
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountSwitch } from '../../features/account/account-switch.tsx';
import { KycBadge } from '../../features/account/kyc-badge.tsx';
import { kycActionKey } from '../../features/account/kyc.ts';
import { refreshLoginInfo } from '../../features/account/session.ts';
import { SignOutRow, useSignOutDialog } from '../../features/account/sign-out-dialog.tsx';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { isLoggedInAtom, loginInfoAtom, userInfoAtom } from '../../shared/state/session-atoms.ts';
import { CopyButton } from '../../shared/ui/copy-button.tsx';
import { closeDrawer, drawerPhaseAtom } from '../../shared/ui/drawer-state.ts';
import { Num } from '../../shared/ui/num.tsx';
import {
  IconBank,
  IconChevron,
  IconClose,
  IconDeposit,
  IconFunds,
  IconInfo,
  IconIpo,
  IconLogo,
  IconReceipt,
  IconShield,
  IconUser,
  IconWithdraw,
} from '../../shared/ui/icons.tsx';
import { drawerRows, type DrawerRowId } from './drawer-menu.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { cx } from '../../shared/ui/cx.ts';
import { ListRow, NavGroup } from '../../shared/ui/list-row.tsx';
import { useModalKeys } from '../../shared/ui/modal-keys.ts';
import s from './drawer.module.css';

const ROW_ICON: Record<DrawerRowId, ReactNode> = {
  profile: <IconUser size={20} />,
  deposit: <IconDeposit size={20} />,
  withdraw: <IconWithdraw size={20} />,
  bank: <IconBank size={20} />,
  security: <IconShield size={20} />,
  rechargeRecord: <IconReceipt size={20} />,
  withdrawRecord: <IconReceipt size={20} />,
  funds: <IconFunds size={20} />,
  about: <IconInfo size={20} />,
  autoIpo: <IconIpo size={20} />,
};

export function Drawer() {
  const phase = useAtomValue(drawerPhaseAtom);
  if (phase === 'closed') return null;
  return <DrawerPanel isOpen={phase === 'open'} justOpened={phase === 'opening'} />;
}

function DrawerPanel({ isOpen, justOpened }: { isOpen: boolean; justOpened: boolean }) {
  const { t } = useTranslation();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const loginInfo = useAtomValue(loginInfoAtom);
  const userInfo = useAtomValue(userInfoAtom);
  const panelRef = useRef<HTMLElement>(null);
  const { openSignOut, signOutDialog } = useSignOutDialog(closeDrawer);

  // Each opening re-reads login-info; so does a first opening whose chunk (app-layout.tsx) arrived after the
  // panel had already passed its opening phase.
  const mounted = useRef(false);
  useEffect(() => {
    if (justOpened || !mounted.current) void refreshLoginInfo();
    mounted.current = true;
  }, [justOpened]);
  // A modal panel's keyboard from the moment it shows (sliding in too): focus moves in, Tab stays inside,
  // Escape closes it (a dialog opened over it answers Escape first), and focus returns to the menu button.
  useModalKeys(panelRef, { active: isOpen || justOpened, onClose: closeDrawer });

  const user = loginInfo?.user ?? userInfo;
  const id = user ? String(user.id) : '';
  const kycAction = user ? kycActionKey(user.idStatus) : null;
  const rows = drawerRows(loggedIn ? loginInfo?.openAutoApply : 0);

  return (
    <div className={cx(s.root, isOpen && s.open)} data-testid="drawer" data-open={isOpen}>
      <div className={s.backdrop} onClick={closeDrawer} aria-hidden="true" />
      <aside
        ref={panelRef}
        className={s.drawer}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav:drawer.label')}
        tabIndex={-1}
      >
        <div className={s.top}>
          <IconLogo size={36} />
          <span className={s.brand}>{t('common:appName')}</span>
          <button type="button" className="icon-btn" aria-label={t('common:close')} onClick={closeDrawer}>
            <IconClose />
          </button>
        </div>

        {loggedIn && user ? (
          <div className={cx(s.account, s.user)}>
            <Link
              className={s.accountLink}
              to={routeTo('user.userInfo')}
              onClick={closeDrawer}
              data-testid="drawer-account"
            >
              <Avatar />
              <span className={s.accountMain}>
                <span className={s.accountName}>
                  <Num>{user.account}</Num>
                </span>
                <KycBadge idStatus={user.idStatus} />
              </span>
              <IconChevron size={18} className={s.chevron} />
            </Link>
            <div className={s.id} data-testid="drawer-id">
              <span>
                {t('account:fields.userId')}: <Num>{id}</Num>
              </span>
              <CopyButton value={id} label={t('common:copyId')} />
              {kycAction && (
                <Link
                  className="link-btn small"
                  to={routeTo('user.kyc')}
                  onClick={closeDrawer}
                  data-testid="drawer-kyc"
                >
                  {t(kycAction)}
                </Link>
              )}
            </div>
          </div>
        ) : (
          <div className={s.account} data-testid="drawer-guest">
            <Avatar />
            <span className={s.accountMain}>
              <span className={s.accountName}>{t('nav:drawer.guest')}</span>
              <span className={s.guestActions}>
                <Link
                  className="btn btn--primary btn--small"
                  to={routeTo('common.login')}
                  onClick={closeDrawer}
                >
                  {t('home:greeting.login')}
                </Link>
                <Link className="btn btn--ghost btn--small" to={routeTo('account.reg')} onClick={closeDrawer}>
                  {t('home:greeting.register')}
                </Link>
              </span>
            </span>
          </div>
        )}

        {loggedIn && <AccountSwitch />}

        <div className={s.money}>
          <Link className="btn btn--up" to={routeTo('recharge.recharge')} onClick={closeDrawer}>
            <IconDeposit size={20} />
            {t('nav:drawer.deposit')}
          </Link>
          <Link className="btn btn--ghost" to={routeTo('withdraw.bankWithdraw')} onClick={closeDrawer}>
            <IconWithdraw size={20} />
            {t('nav:drawer.withdraw')}
          </Link>
        </div>

        <NavGroup label={t('nav:drawer.menu')} testId="drawer-rows">
          {rows.map((r) => (
            <ListRow
              key={r.id}
              icon={ROW_ICON[r.id]}
              label={t(r.labelKey)}
              to={r.to}
              onClick={closeDrawer}
              compact
              rowId={r.id}
            />
          ))}
          {loggedIn && <SignOutRow onClick={openSignOut} testId="drawer-sign-out" />}
        </NavGroup>
      </aside>
      {signOutDialog}
    </div>
  );
}
