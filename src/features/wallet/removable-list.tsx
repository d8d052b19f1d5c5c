// What the bank/wallet list and the crypto address list share: the user's saved items read by a query, each
// row with a Remove button behind a confirmation, an Add link under the list, and the loading, error with
// retry, stale and empty (with an Add button) states. Each list gives its rows' content and its texts.
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import s from './wallet.module.css';

export interface RemovableListProps<T extends { id: number | string }> {
  list: UseQueryResult<T[]>;
  /** removes one on the server */
  remove: (item: T) => Promise<unknown>;
  /** after a removal: re-read what it changed */
  settle: () => Promise<void>;
  /** test ids: `${testId}-list`, `${testId}-empty`, `${testId}-add`; each row is `rowTestId` */
  testId: string;
  rowTestId: string;
  emptyTitle: string;
  addTo: string;
  addLabel: string;
  /** the row's text (inside the row's main span) */
  row: (item: T) => ReactNode;
  /** who the Remove button of a row names, for screen readers */
  removeName: (item: T) => string;
  /** what the confirmation shows of the item */
  confirmText: (item: T) => string;
}

export function RemovableList<T extends { id: number | string }>(p: RemovableListProps<T>) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await p.remove(removing);
      showToast(t('wallet:removed'), { icon: 'success' });
      await p.settle();
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
        state={toRemoteState(p.list)}
        onRetry={() => void p.list.refetch()}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            testId={`${p.testId}-empty`}
            title={p.emptyTitle}
            action={
              <Link className="btn btn--primary" to={p.addTo}>
                {p.addLabel}
              </Link>
            }
          />
        }
      >
        {(rows) => (
          <>
            <ul className={s.list} data-testid={`${p.testId}-list`}>
              {rows.map((item) => (
                <li key={item.id} className={s.row} data-testid={p.rowTestId}>
                  <span className={s.main}>{p.row(item)}</span>
                  <button
                    type="button"
                    className={`btn btn--ghost ${s.remove}`}
                    onClick={() => setRemoving(item)}
                    aria-label={t('wallet:removeOne', { name: p.removeName(item) })}
                  >
                    {t('wallet:remove')}
                  </button>
                </li>
              ))}
            </ul>
            <div className={s.actions}>
              <Link className="btn btn--primary btn--block" to={p.addTo} data-testid={`${p.testId}-add`}>
                {p.addLabel}
              </Link>
            </div>
          </>
        )}
      </RemoteView>
      <ConfirmDialog
        open={removing !== null}
        title={t('wallet:confirmRemove')}
        message={removing ? p.confirmText(removing) : ''}
        confirmLabel={t('wallet:remove')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
