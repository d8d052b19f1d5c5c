// Add a bank account (/pages/wallet/addBank): the IBAN, named by its bank as it is typed and checked (mod 97,
// known bank code) before it is sent, and the account title, prefilled with the verified KYC name it must
// match. Without verified KYC the form is replaced by a link to identity verification. Once saved: a toast
// and back to the bank accounts.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddBankForm } from '../../../contract/bank.ts';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { IbanField } from '../../shared/forms/fields/iban-field.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { ibanChecked } from '../../shared/forms/rules.ts';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { KycGate } from './kyc-gate.tsx';
import { addBinding, invalidateBindings, newClientId } from './queries.ts';
import s from './wallet.module.css';

function AddBankFormView({ verifiedName }: { verifiedName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [clientId] = useState(newClientId);
  const { form, state } = useContractForm({
    schema: AddBankForm,
    defaultValues: { iban: '', title: verifiedName, clientId },
    rules: [ibanChecked('iban')],
    submit: async (values) => {
      await addBinding({ kind: 'bank', ...values });
      await invalidateBindings(client, scope, 'bindings');
      showToast(t('wallet:bank.added'), { icon: 'success' });
      void navigate(routeTo('wallet.bankList', { type: 2 }), { replace: true });
    },
  });
  return (
    <FormView {...state} submitLabel={t('wallet:save')} testId="add-bank-form" submitTestId="add-bank-submit">
      <IbanField control={form.control} name="iban" label={t('wallet:bank.iban')} />
      <TextField
        control={form.control}
        name="title"
        label={t('wallet:title')}
        maxLength={60}
        autoComplete="name"
        hint={t('wallet:titleHint', { name: verifiedName })}
      />
    </FormView>
  );
}

export default function AddBankPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.wallet.addBank')} />
      <div className={s.body}>
        <KycGate>{(name) => <AddBankFormView verifiedName={name} />}</KycGate>
      </div>
    </div>
  );
}
