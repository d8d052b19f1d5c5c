// Add a mobile wallet (/pages/wallet/addWallet): JazzCash or Easypaisa, its 03XX-XXXXXXX number (typed
// left-to-right, digits only) and the title, prefilled with the verified KYC name it must match. Without
// verified KYC the form is replaced by a link to identity verification.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddWalletForm,
  WALLET_NAMES,
  WALLET_PROVIDERS,
  type WalletProvider,
} from '../../../contract/bank.ts';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { AddBindingPage, BindingTitleField, useBindingSaved } from './add-binding-parts.tsx';
import { addBinding, newClientId } from './queries.ts';
import s from './wallet.module.css';

/** Digits only, at most 11 (03XXXXXXXXX): a pasted 0301-2345678 keeps its digits. */
export function cleanWalletNumber(typed: string): string {
  return typed.replace(/[^0-9]/g, '').slice(0, 11);
}

function AddWalletFormView({ verifiedName }: { verifiedName: string }) {
  const { t } = useTranslation();
  const saved = useBindingSaved(t('wallet:wallet.added'), 1);
  const [clientId] = useState(newClientId);
  const { form, state } = useContractForm({
    schema: AddWalletForm,
    defaultValues: { provider: 'jazzcash', number: '', title: verifiedName, clientId },
    submit: async (values) => {
      await addBinding({ kind: 'wallet', ...values });
      await saved();
    },
  });
  const provider = form.watch('provider') as WalletProvider;
  return (
    <FormView
      {...state}
      submitLabel={t('wallet:save')}
      testId="add-wallet-form"
      submitTestId="add-wallet-submit"
    >
      <div className={s.note}>
        <Segmented
          label={t('wallet:wallet.provider')}
          value={provider}
          options={WALLET_PROVIDERS.map((p) => ({ value: p, label: WALLET_NAMES[p] }))}
          onChange={(v) => form.setValue('provider', v)}
          testId="wallet-provider"
        />
      </div>
      <TextField
        control={form.control}
        name="number"
        label={t('wallet:wallet.number')}
        placeholder="03XXXXXXXXX"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={11}
        ltr
        clean={cleanWalletNumber}
      />
      <BindingTitleField control={form.control} name="title" verifiedName={verifiedName} />
    </FormView>
  );
}

export default function AddWalletPage() {
  const { t } = useTranslation();
  return (
    <AddBindingPage title={t('nav:title.wallet.addWallet')}>
      {(name) => <AddWalletFormView verifiedName={name} />}
    </AddBindingPage>
  );
}
