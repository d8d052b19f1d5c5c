// The live bank accounts or mobile wallets of the user: bank (or wallet) name, the number with its middle
// masked (left-to-right inside Urdu), the title; each removable after a confirmation. Loading, error with
// retry, stale and empty (with an Add button) states.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Binding } from '../../../contract/bank.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { maskIban, maskWallet } from './masking.ts';
import { bindingsQuery, deleteBinding, invalidateBindings } from './queries.ts';
import s from './wallet.module.css';

export function BindingList({ kind }: { kind: 'bank' | 'wallet' }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const list = useQuery(bindingsQuery(scope, kind));
  const [removing, setRemoving] = useState<Binding | null>(null);
  const [busy, setBusy] = useState(false);
  const addTo = routeTo(kind === 'bank' ? 'wallet.addBank' : 'wallet.addWallet');
  const addLabel = t(kind === 'bank' ? 'wallet:bank.add' : 'wallet:wallet.add');

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteBinding(removing.id);
      showToast(t('wallet:removed'), { icon: 'success' });
      await invalidateBindings(client, scope, 'bindings');
    } catch {
      // the -1001 toast and the -1000 sign-out are shown once, globally
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <>
      <RemoteView
        state={toRemoteState(list)}
        onRetry={() => void list.refetch()}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            testId={`${kind}-empty`}
            title={t(kind === 'bank' ? 'wallet:bank.empty' : 'wallet:wallet.empty')}
            action={
              <Link className="btn btn--primary" to={addTo}>
                {addLabel}
              </Link>
            }
          />
        }
      >
        {(rows) => (
          <>
            <ul className={s.list} data-testid={`${kind}-list`}>
              {rows.map((b) => (
                <li key={b.id} className={s.row} data-testid="binding-row">
                  <span className={s.main}>
                    <span className={s.name}>
                      <bdi>{b.providerName}</bdi>
                    </span>
                    <span className={s.number} dir="ltr">
                      {kind === 'bank' ? maskIban(b.number) : maskWallet(b.number)}
                    </span>
                    <span className="muted small">
                      <bdi>{b.title}</bdi>
                    </span>
                  </span>
                  <button
                    type="button"
                    className={`btn btn--ghost ${s.remove}`}
                    onClick={() => setRemoving(b)}
                    aria-label={t('wallet:removeOne', { name: b.providerName })}
                  >
                    {t('wallet:remove')}
                  </button>
                </li>
              ))}
            </ul>
            <div className={s.actions}>
              <Link className="btn btn--primary btn--block" to={addTo} data-testid={`${kind}-add`}>
                {addLabel}
              </Link>
            </div>
          </>
        )}
      </RemoteView>
      <ConfirmDialog
        open={removing !== null}
        title={t('wallet:confirmRemove')}
        message={removing ? `${removing.providerName} ${removing.display}` : ''}
        confirmLabel={t('wallet:remove')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
