// Customer service for a guest (/pages/common/service): the phone-and-captcha form, then the chat tied to
// that phone. A signed-in user chats as themselves. The guest token lives for this tab only (sessionStorage).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '../../shared/storage/storage.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import type { ChatWho } from './chat-api.ts';
import { ChatView } from './chat-view.tsx';
import { GuestStartForm } from './guest-start-form.tsx';

const KEY = 'serviceGuestToken';

function savedGuest(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function GuestOrUserChat() {
  const [guest, setGuest] = useState<string | null>(savedGuest);
  const signedIn = Boolean(storage.get('userToken'));
  const who = useMemo<ChatWho | null>(
    () => (signedIn ? { kind: 'user' } : guest ? { kind: 'guest', token: guest } : null),
    [signedIn, guest],
  );
  if (who) return <ChatView who={who} />;
  return (
    <GuestStartForm
      onStarted={(token) => {
        try {
          sessionStorage.setItem(KEY, token);
        } catch {
          // private mode: the chat still works for this page
        }
        setGuest(token);
      }}
    />
  );
}

export default function GuestServicePage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.common.service')} />
      <GuestOrUserChat />
    </div>
  );
}
