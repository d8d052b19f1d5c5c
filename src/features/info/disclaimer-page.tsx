// Disclaimer (/pages/common/disclaimer).
import { InfoDocPage } from './info-doc-page.tsx';

export default function DisclaimerPage() {
  return <InfoDocPage doc="disclaimer" titleKey="nav:title.common.disclaimer" />;
}
