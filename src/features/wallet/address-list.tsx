// The user's crypto withdrawal addresses: chain and label, the address left-to-right with its middle elided
// (the whole one in the title), each removable after a confirmation (removable-list.tsx).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { shortAddress } from './masking.ts';
import { deleteWithdrawAddress, invalidateBindings, withdrawAddressesQuery } from './queries.ts';
import { RemovableList } from './removable-list.tsx';
import s from './wallet.module.css';

export function AddressList() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  return (
    <RemovableList
      list={useQuery(withdrawAddressesQuery(scope))}
      remove={(a) => deleteWithdrawAddress(a.id)}
      settle={() => invalidateBindings(client, scope, 'addresses')}
      testId="address"
      rowTestId="address-row"
      emptyTitle={t('wallet:address.empty')}
      addTo={routeTo('wallet.addAdress')}
      addLabel={t('wallet:address.add')}
      row={(a) => (
        <>
          <span className={s.name}>
            <bdi>{a.chain}</bdi>
            {a.label && ' · '}
            {a.label && <bdi>{a.label}</bdi>}
          </span>
          <span className={s.number} dir="ltr" title={a.address}>
            {shortAddress(a.address)}
          </span>
        </>
      )}
      removeName={(a) => `${a.chain} ${a.label}`.trim()}
      confirmText={(a) => `${a.chain} ${a.address}`}
    />
  );
}
