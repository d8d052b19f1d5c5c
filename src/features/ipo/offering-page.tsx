// The frame of a page about one offering (?id=): its title, the offering read by id, and the list states
// around whatever the page shows of it; without a usable id it says so. The detail and order pages share it.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { IpoOffering } from '../../../contract/ipo.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { offeringQuery } from './queries.ts';
import s from './ipo.module.css';

export function OfferingPage({
  title,
  children,
}: {
  title: string;
  children: (o: IpoOffering) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ ...offeringQuery(id), enabled: /^[1-9][0-9]*$/.test(id) });
  return (
    <div className="page">
      <PageHeader title={title} />
      <div className="page__body">
        <RemoteView
          state={toRemoteState(q)}
          onRetry={() => void q.refetch()}
          idle={<p className={s.notice}>{t('ipo:detail.noId')}</p>}
        >
          {children}
        </RemoteView>
      </div>
    </div>
  );
}
