// Sign-out with a confirmation dialog (spec §2) and the row that opens it, shared by the drawer and the Mine tab.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { IconLogout } from '../../shared/ui/icons.tsx';
import { ListRow } from '../../shared/ui/list-row.tsx';
import { signOut } from './session.ts';

/** The sign-out confirmation: cancel closes it; confirm revokes the token, clears the session and goes to
 * login. `onDone` lets the caller close its own surface (the drawer) first. */
export function useSignOutDialog(onDone?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const dialog = (
    <ConfirmDialog
      open={open}
      title={t('account:signOut.title')}
      message={t('account:signOut.confirm')}
      confirmLabel={t('account:signOut.action')}
      danger
      busy={busy}
      onCancel={close}
      onConfirm={() => {
        setBusy(true);
        void signOut(() => {
          setBusy(false);
          setOpen(false);
          onDone?.();
          void navigate(routeTo('common.login'), { replace: true });
        });
      }}
    />
  );
  return { openSignOut: () => setOpen(true), signOutDialog: dialog };
}

/** The red "Sign out" row (no chevron: it opens a dialog, not a page). */
export function SignOutRow({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <ListRow
      icon={<IconLogout size={20} />}
      label={t('account:signOut.action')}
      onClick={onClick}
      danger
      chevron={false}
      testId={testId}
    />
  );
}
