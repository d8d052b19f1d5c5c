// /pages/user/serviceJs: the third-party chat when one is set, else the signed-in user's built-in chat.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import type { ChatWho } from './chat-api.ts';
import { ChatView } from './chat-view.tsx';
import { ThirdPartyChat } from './third-party-chat.tsx';

const USER: ChatWho = { kind: 'user' };

export default function UserServiceJsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.serviceJs')} />
      <ThirdPartyChat fallback={<ChatView who={USER} />} />
    </div>
  );
}
