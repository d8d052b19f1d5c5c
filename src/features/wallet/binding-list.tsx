// The live bank accounts or mobile wallets of the user: bank (or wallet) name, the number with its middle
// masked (left-to-right inside Urdu), the title; each removable after a confirmation (removable-list.tsx).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { maskIban, maskWallet } from './masking.ts';
import { bindingsQuery, deleteBinding, invalidateBindings } from './queries.ts';
import { RemovableList } from './removable-list.tsx';
import s from './wallet.module.css';

export function BindingList({ kind }: { kind: 'bank' | 'wallet' }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  return (
    <RemovableList
      list={useQuery(bindingsQuery(scope, kind))}
      remove={(b) => deleteBinding(b.id)}
      settle={() => invalidateBindings(client, scope, 'bindings')}
      testId={kind}
      rowTestId="binding-row"
      emptyTitle={t(kind === 'bank' ? 'wallet:bank.empty' : 'wallet:wallet.empty')}
      addTo={routeTo(kind === 'bank' ? 'wallet.addBank' : 'wallet.addWallet')}
      addLabel={t(kind === 'bank' ? 'wallet:bank.add' : 'wallet:wallet.add')}
      row={(b) => (
        <>
          <span className={s.name}>
            <bdi>{b.providerName}</bdi>
          </span>
          <span className={s.number} dir="ltr">
            {kind === 'bank' ? maskIban(b.number) : maskWallet(b.number)}
          </span>
          <span className="muted small">
            <bdi>{b.title}</bdi>
          </span>
        </>
      )}
      removeName={(b) => b.providerName}
      confirmText={(b) => `${b.providerName} ${b.display}`}
    />
  );
}
