// Rows of the message centre: a platform notice (unread dot until opened on this device) and a personal
// message (unread dot until read on the server). Times follow the spec's chat-time rules.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlatformNotice, UserMessage } from '../../../contract/notice.ts';
import { useChatTime } from '../../shared/format/use-chat-time.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import s from './notice.module.css';

function Row(props: {
  to: string;
  unread: boolean;
  title: string;
  body: string;
  at: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const chatTime = useChatTime();
  return (
    <Link className={s.row} to={props.to} data-testid={props.testId} data-unread={props.unread ? '1' : '0'}>
      <span className={s.dotCell}>
        {props.unread && <span className={s.dot} role="img" aria-label={t('notice:unread')} />}
      </span>
      <span className={s.text}>
        <span className={s.head}>
          <span className={s.title}>{props.title}</span>
          <span className="muted small" dir="ltr">
            {chatTime(props.at)}
          </span>
        </span>
        <span className={`muted small ${s.preview}`}>{props.body}</span>
      </span>
    </Link>
  );
}

export function PlatformRow({ n, seen }: { n: PlatformNotice; seen: boolean }) {
  return (
    <Row
      to={routeTo('notice.detail', { kind: 'platform', id: n.id })}
      unread={!seen}
      title={n.title}
      body={n.body}
      at={n.publishedAt}
      testId="notice-platform-row"
    />
  );
}

export function MessageRow({ m }: { m: UserMessage }) {
  return (
    <Row
      to={routeTo('notice.detail', { kind: 'message', id: m.id })}
      unread={!m.read}
      title={m.title}
      body={m.body}
      at={m.createdAt}
      testId="notice-message-row"
    />
  );
}
