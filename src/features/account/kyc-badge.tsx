// The KYC label (spec §3) as a coloured badge; a failed check links to resubmission.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { kycCanResubmit, kycLabelKey, kycStatus } from './kyc.ts';

export function KycBadge({ idStatus, withResubmit = false }: { idStatus: unknown; withResubmit?: boolean }) {
  const { t } = useTranslation();
  const status = kycStatus(idStatus);
  return (
    <span className="home-greeting__row">
      <span className={`badge badge--${status}`} data-testid="kyc-label">
        {t(kycLabelKey(idStatus))}
      </span>
      {withResubmit && kycCanResubmit(idStatus) && (
        <Link className="link-btn small" to={routeTo('user.kyc')} onClick={(e) => e.stopPropagation()}>
          {t('account:kyc.resubmit')}
        </Link>
      )}
    </span>
  );
}
