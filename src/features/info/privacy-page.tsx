// Privacy policy (/pages/common/privacyPolicy).
import { InfoDocPage } from './info-doc-page.tsx';

export default function PrivacyPage() {
  return <InfoDocPage doc="privacy" titleKey="nav:title.common.privacyPolicy" />;
}
