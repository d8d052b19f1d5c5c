// The KYC label (spec §3) as a coloured badge. `linked`: until verified, the label itself is a button-sized
// link to /pages/user/kyc (verify, see the review, or resubmit), as on Home and Mine (the fast/offline
// issue's defect d); `withResubmit` adds a separate "resubmit" link after a failed check.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { kycCanResubmit, kycLabelKey, kycStatus } from './kyc.ts';
import s from './kyc-badge.module.css';

export function KycBadge({
  idStatus,
  withResubmit = false,
  linked = false,
}: {
  idStatus: unknown;
  withResubmit?: boolean;
  linked?: boolean;
}) {
  const { t } = useTranslation();
  const status = kycStatus(idStatus);
  const badge = (
    <span className={`badge badge--${status}`} data-testid="kyc-label">
      {t(kycLabelKey(idStatus))}
    </span>
  );
  return (
    <span className="home-greeting__row">
      {linked && status !== 'succ' ? (
        <Link className={s.link} to={routeTo('user.kyc')} data-testid="kyc-link">
          {badge}
        </Link>
      ) : (
        badge
      )}
      {withResubmit && kycCanResubmit(idStatus) && (
        <Link className="link-btn small" to={routeTo('user.kyc')} onClick={(e) => e.stopPropagation()}>
          {t('account:kyc.resubmit')}
        </Link>
      )}
    </span>
  );
}
