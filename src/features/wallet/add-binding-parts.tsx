// What adding a bank account and adding a mobile wallet share: the page (its title, and the form only with
// verified KYC, else the link to identity verification), the account title field prefilled with the verified
// name it must match, and what a save does (re-read the bindings, a toast, back to that tab of the list).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { KycGate } from './kyc-gate.tsx';
import { invalidateBindings } from './queries.ts';
import s from './wallet.module.css';

export function AddBindingPage({
  title,
  children,
}: {
  title: string;
  children: (name: string) => ReactNode;
}) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <div className={s.body}>
        <KycGate>{children}</KycGate>
      </div>
    </div>
  );
}

export function BindingTitleField<F extends FieldValues>(p: {
  control: Control<F>;
  name: FieldPathByValue<F, string>;
  verifiedName: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      control={p.control}
      name={p.name}
      label={t('wallet:title')}
      maxLength={60}
      autoComplete="name"
      hint={t('wallet:titleHint', { name: p.verifiedName })}
    />
  );
}

/** After a save: re-read the bindings, toast `message`, and replace this page with the list's tab (`type`). */
export function useBindingSaved(message: string, type: 1 | 2) {
  const navigate = useNavigate();
  const scope = useAccountScope();
  const client = useQueryClient();
  return useCallback(async () => {
    await invalidateBindings(client, scope, 'bindings');
    showToast(message, { icon: 'success' });
    void navigate(routeTo('wallet.bankList', { type }), { replace: true });
  }, [client, scope, message, navigate, type]);
}
