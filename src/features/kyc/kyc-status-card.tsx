// The state of the user's verification (spec §3 labels): Under Review, Verified, or Validation Failed with the
// reason and a Resubmit button; with what was sent (the number masked by the server, never the photos).
import { useTranslation } from 'react-i18next';
import type { KycState } from '../../../workers/protocol/api.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { ResultPage, type ResultStatus } from '../../shared/ui/result-page.tsx';

const LOOK: Record<'pending' | 'succ' | 'fail', ResultStatus> = {
  pending: 'pending',
  succ: 'success',
  fail: 'failure',
};

export function KycStatusCard({ state, onResubmit }: { state: KycState; onResubmit: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'none') return null;
  const sub = state.submission;
  const message =
    state.status === 'pending'
      ? t('kyc:status.pendingText')
      : state.status === 'succ'
        ? t('kyc:status.succText')
        : t('errors:kyc.rejected');
  return (
    <>
      <ResultPage
        status={LOOK[state.status]}
        title={t(`account:kyc.${state.status}`)}
        message={message}
        testId="kyc-status"
        {...(state.status === 'fail'
          ? { primary: { label: t('account:kyc.resubmit'), onClick: onResubmit, testId: 'kyc-resubmit' } }
          : {})}
      />
      {state.status === 'fail' && sub?.reason && (
        <p className="small" role="note" data-testid="kyc-reason">
          {t('kyc:status.reason')}: {sub.reason}
        </p>
      )}
      {sub && (
        <ListGroup title={t('kyc:status.submitted')}>
          <ListRow label={t('kyc:form.certType')} value={t(`kyc:certType.${sub.certType}`)} />
          <ListRow label={t('kyc:status.number')} value={<Num>{sub.certNumber}</Num>} />
          <ListRow label={t('kyc:form.fullName')} value={sub.fullName} />
          <ListRow label={t('kyc:form.birthDate')} value={<Num>{sub.birthDate}</Num>} />
          <ListRow label={t('kyc:status.submittedAt')} value={<Num>{formatDate(sub.submittedAt)}</Num>} />
        </ListGroup>
      )}
    </>
  );
}
