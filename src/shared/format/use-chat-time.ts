// The chat-time text of a moment (spec: today's time, "yesterday", a weekday, month-day, the full date) in the
// current language, against the time the component first rendered (render stays pure).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../workers/protocol/api.ts';
import { formatChatTime } from './dates.ts';

export function useChatTime(): (at: number) => string {
  const { i18n } = useTranslation();
  const [now] = useState(() => Date.now());
  return (at) => formatChatTime(at, now, i18n.language as Lang);
}
