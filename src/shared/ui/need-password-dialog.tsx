// The dialog of a password-confirmed action (use-password-action.ts) when no transaction password is set yet:
// it says so and leads to the security centre. Its texts are the trade screen's (the `trade` namespace, kept
// out of the first screens' `common`); `onCancel` lets a screen also drop what it was about to confirm.
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog.tsx';

export function NeedPasswordDialog(p: {
  flow: { needPassword: boolean; goSetPassword: () => void; closeNeedPassword: () => void };
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={p.flow.needPassword}
      title={t('trade:needPassword.title')}
      message={t('trade:needPassword.text')}
      confirmLabel={t('trade:needPassword.go')}
      onConfirm={p.flow.goSetPassword}
      onCancel={() => {
        p.flow.closeNeedPassword();
        p.onCancel?.();
      }}
    />
  );
}
