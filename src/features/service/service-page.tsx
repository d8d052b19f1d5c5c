// Customer service for a signed-in user (/pages/user/service): the built-in chat with the support operators.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import type { ChatWho } from './chat-api.ts';
import { ChatView } from './chat-view.tsx';

const USER: ChatWho = { kind: 'user' };

export default function ServicePage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.service')} />
      <ChatView who={USER} />
    </div>
  );
}
