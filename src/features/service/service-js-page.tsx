// /pages/common/serviceJs: the third-party chat when one is set, else the built-in chat (a guest gives a phone
// number first; a signed-in user chats as themselves).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { GuestOrUserChat } from './guest-service-page.tsx';
import { ThirdPartyChat } from './third-party-chat.tsx';

export default function ServiceJsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.common.serviceJs')} />
      <ThirdPartyChat fallback={<GuestOrUserChat />} />
    </div>
  );
}
