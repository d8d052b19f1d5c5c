// The real/demo account switch (drawer and Mine): shows the active account and switches tokens.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { switchAccount } from './session.ts';

export function AccountSwitch() {
  const { t } = useTranslation();
  const type = useAtomValue(accountTypeAtom);
  const [busy, setBusy] = useState(false);
  const onChange = async (next: AccountType) => {
    setBusy(true);
    const ok = await switchAccount(next);
    setBusy(false);
    if (ok)
      showToast(t(next === 'real' ? 'account:switch.toReal' : 'account:switch.toDemo'), { icon: 'success' });
  };
  return (
    <Segmented<AccountType>
      label={t('account:switch.label')}
      value={type}
      disabled={busy}
      testId="account-switch"
      options={[
        { value: 'real', label: t('account:type.real') },
        { value: 'demo', label: t('account:type.demo') },
      ]}
      onChange={(v) => void onChange(v)}
    />
  );
}

export function AccountTypeBadge({ type }: { type: AccountType }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--${type}`} data-testid="account-type-badge">
      {t(type === 'real' ? 'account:type.real' : 'account:type.demo')}
    </span>
  );
}
