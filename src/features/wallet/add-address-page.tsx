// Add a crypto withdrawal address (/pages/wallet/addAdress, the spec's spelling): the chain (tabs), the
// address (left-to-right, checked as it is typed: a wrong format and a wrong checksum say different things)
// and an optional label. The address is the user's own: it is saved, not generated. KYC must be verified.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ADDRESS_LABEL_MAX, AddressAddBody } from '../../../contract/bank.ts';
import { CHAINS, type Chain } from '../../../contract/crypto-address.ts';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Tabs } from '../../shared/ui/tabs.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { addressChecked, addressIssueKey } from './address-rule.ts';
import { KycGate } from './kyc-gate.tsx';
import { addWithdrawAddress, invalidateBindings, newClientId } from './queries.ts';
import s from './wallet.module.css';

function AddressHint({ chain, address }: { chain: Chain; address: string }) {
  const { t } = useTranslation();
  if (address.trim() === '') return null;
  const key = addressIssueKey(chain, address);
  if (key) return <span data-testid="address-hint">{t(`errors:${key}`)}</span>;
  return (
    <span className={s.ok} data-testid="address-hint">
      {t('wallet:address.valid', { chain })}
    </span>
  );
}

function AddAddressFormView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [clientId] = useState(newClientId);
  const { form, state } = useContractForm({
    schema: AddressAddBody,
    defaultValues: { chain: 'TRC20', address: '', label: '', clientId },
    rules: [addressChecked('chain', 'address')],
    submit: async (values) => {
      await addWithdrawAddress(values);
      await invalidateBindings(client, scope, 'addresses');
      showToast(t('wallet:address.added'), { icon: 'success' });
      void navigate(routeTo('wallet.bankList', { type: 3 }), { replace: true });
    },
  });
  const chain = form.watch('chain') as Chain;
  const address = form.watch('address');
  return (
    <FormView
      {...state}
      submitLabel={t('wallet:save')}
      testId="add-address-form"
      submitTestId="add-address-submit"
    >
      <Tabs
        items={CHAINS.map((c) => ({ value: c, label: c, testId: `chain-${c}` }))}
        value={chain}
        onChange={(c) => form.setValue('chain', c)}
        label={t('wallet:address.chain')}
        variant="pill"
        className={s.note}
      />
      <TextField
        control={form.control}
        name="address"
        label={t('wallet:address.address')}
        placeholder={chain === 'TRC20' ? 'T…' : '0x…'}
        autoComplete="off"
        autoCapitalize="off"
        maxLength={64}
        ltr
        hint={<AddressHint chain={chain} address={address} />}
      />
      <TextField
        control={form.control}
        name="label"
        label={t('wallet:address.label')}
        maxLength={ADDRESS_LABEL_MAX}
      />
    </FormView>
  );
}

export default function AddAddressPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.wallet.addAdress')} />
      <div className={s.body}>
        <KycGate>{() => <AddAddressFormView />}</KycGate>
      </div>
    </div>
  );
}
