// Company introduction (/pages/common/companyIntroduction).
import { InfoDocPage } from './info-doc-page.tsx';

export default function CompanyPage() {
  return <InfoDocPage doc="company" titleKey="nav:title.common.companyIntroduction" />;
}
