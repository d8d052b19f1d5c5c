// The frame of a page about one token sale (?id=): its title, the sale read by id (the caller's pool), and the
// list states around whatever the page shows of it; without a usable id it says so. Detail and order share it.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { IcoSale } from '../../../contract/ico.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { saleQuery } from './queries.ts';
import s from './ico.module.css';

export function SalePage({ title, children }: { title: string; children: (o: IcoSale) => ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ ...saleQuery(useAccountScope(), id), enabled: /^[1-9][0-9]*$/.test(id) });
  return (
    <div className="page">
      <PageHeader title={title} />
      <div className="page__body">
        <RemoteView
          state={toRemoteState(q)}
          onRetry={() => void q.refetch()}
          idle={<p className={s.notice}>{t('ico:detail.noId')}</p>}
        >
          {children}
        </RemoteView>
      </div>
    </div>
  );
}
