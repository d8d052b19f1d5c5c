// The user's crypto withdrawal addresses: chain and label, the address left-to-right with its middle elided
// (the whole one in the title), each removable after a confirmation; loading, error, stale and empty states.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WithdrawAddress } from '../../../contract/bank.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { shortAddress } from './masking.ts';
import { deleteWithdrawAddress, invalidateBindings, withdrawAddressesQuery } from './queries.ts';
import s from './wallet.module.css';

export function AddressList() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const list = useQuery(withdrawAddressesQuery(scope));
  const [removing, setRemoving] = useState<WithdrawAddress | null>(null);
  const [busy, setBusy] = useState(false);
  const addTo = routeTo('wallet.addAdress');

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteWithdrawAddress(removing.id);
      showToast(t('wallet:removed'), { icon: 'success' });
      await invalidateBindings(client, scope, 'addresses');
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
            testId="address-empty"
            title={t('wallet:address.empty')}
            action={
              <Link className="btn btn--primary" to={addTo}>
                {t('wallet:address.add')}
              </Link>
            }
          />
        }
      >
        {(rows) => (
          <>
            <ul className={s.list} data-testid="address-list">
              {rows.map((a) => (
                <li key={a.id} className={s.row} data-testid="address-row">
                  <span className={s.main}>
                    <span className={s.name}>
                      <bdi>{a.chain}</bdi>
                      {a.label && ' · '}
                      {a.label && <bdi>{a.label}</bdi>}
                    </span>
                    <span className={s.number} dir="ltr" title={a.address}>
                      {shortAddress(a.address)}
                    </span>
                  </span>
                  <button
                    type="button"
                    className={`btn btn--ghost ${s.remove}`}
                    onClick={() => setRemoving(a)}
                    aria-label={t('wallet:removeOne', { name: `${a.chain} ${a.label}`.trim() })}
                  >
                    {t('wallet:remove')}
                  </button>
                </li>
              ))}
            </ul>
            <div className={s.actions}>
              <Link className="btn btn--primary btn--block" to={addTo} data-testid="address-add">
                {t('wallet:address.add')}
              </Link>
            </div>
          </>
        )}
      </RemoteView>
      <ConfirmDialog
        open={removing !== null}
        title={t('wallet:confirmRemove')}
        message={removing ? `${removing.chain} ${removing.address}` : ''}
        confirmLabel={t('wallet:remove')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
