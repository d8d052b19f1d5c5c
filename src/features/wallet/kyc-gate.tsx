// The add forms' gate: a binding's title must be the verified KYC name, so until KYC is verified the form is
// replaced by a clear state that says why and links to identity verification. Shows loading and error states
// of the template read (index/bank/tmpl, which carries the caller's KYC state and name).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BindingTemplate } from '../../../contract/bank.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { bindingTemplateQuery } from './queries.ts';

interface KycGateProps {
  children: (verifiedName: string, template: BindingTemplate) => ReactNode;
}

export function KycGate({ children }: KycGateProps) {
  const { t } = useTranslation();
  const tmpl = useQuery(bindingTemplateQuery(useAccountScope()));
  return (
    <RemoteView
      state={toRemoteState(tmpl)}
      onRetry={() => void tmpl.refetch()}
      skeleton={<Skeleton rows={3} />}
    >
      {(data) => {
        const name = data.holder?.verifiedName;
        if (data.holder?.idStatus === 'succ' && name) return children(name, data);
        const pending = data.holder?.idStatus === 'pending';
        return (
          <EmptyState
            testId="kyc-needed"
            title={t(pending ? 'wallet:kyc.pendingTitle' : 'wallet:kyc.title')}
            text={t(pending ? 'wallet:kyc.pendingText' : 'wallet:kyc.text')}
            action={
              pending ? undefined : (
                <Link className="btn btn--primary" to={routeTo('user.kyc')} data-testid="kyc-link">
                  {t('wallet:kyc.action')}
                </Link>
              )
            }
          />
        );
      }}
    </RemoteView>
  );
}
