// Add a bank account (/pages/wallet/addBank): the IBAN, named by its bank as it is typed and checked (mod 97,
// known bank code) before it is sent, and the account title, prefilled with the verified KYC name it must
// match. Without verified KYC the form is replaced by a link to identity verification. Once saved: a toast
// and back to the bank accounts.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddBankForm } from '../../../contract/bank.ts';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { IbanField } from '../../shared/forms/fields/iban-field.tsx';
import { ibanChecked } from '../../shared/forms/rules.ts';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { AddBindingPage, BindingTitleField, useBindingSaved } from './add-binding-parts.tsx';
import { addBinding, newClientId } from './queries.ts';

function AddBankFormView({ verifiedName }: { verifiedName: string }) {
  const { t } = useTranslation();
  const saved = useBindingSaved(t('wallet:bank.added'), 2);
  const [clientId] = useState(newClientId);
  const { form, state } = useContractForm({
    schema: AddBankForm,
    defaultValues: { iban: '', title: verifiedName, clientId },
    rules: [ibanChecked('iban')],
    submit: async (values) => {
      await addBinding({ kind: 'bank', ...values });
      await saved();
    },
  });
  return (
    <FormView {...state} submitLabel={t('wallet:save')} testId="add-bank-form" submitTestId="add-bank-submit">
      <IbanField control={form.control} name="iban" label={t('wallet:bank.iban')} />
      <BindingTitleField control={form.control} name="title" verifiedName={verifiedName} />
    </FormView>
  );
}

export default function AddBankPage() {
  const { t } = useTranslation();
  return (
    <AddBindingPage title={t('nav:title.wallet.addBank')}>
      {(name) => <AddBankFormView verifiedName={name} />}
    </AddBindingPage>
  );
}
