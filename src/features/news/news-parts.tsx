// Pieces of the news screens: the automatic-news label and one row of the list.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NewsItem } from '../../../contract/notice.ts';
import { useChatTime } from '../../shared/format/use-chat-time.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import s from './news.module.css';

export function AutoLabel({ kind }: { kind: NewsItem['kind'] }) {
  const { t } = useTranslation();
  if (kind !== 'auto') return null;
  return (
    <span className={`badge ${s.auto}`} data-testid="news-auto">
      {t('notice:news.auto')}
    </span>
  );
}

export function NewsRow({ item }: { item: NewsItem }) {
  const chatTime = useChatTime();
  return (
    <Link className={s.row} to={routeTo('news.detail', { id: item.id })} data-testid="news-row">
      {item.image && <img className={s.thumb} src={item.image} alt="" loading="lazy" />}
      <span className={s.text}>
        <span className={s.title}>{item.title}</span>
        <span className={`muted small ${s.summary}`}>{item.summary}</span>
        <span className={s.meta}>
          <AutoLabel kind={item.kind} />
          <span className="muted small" dir="ltr">
            {chatTime(item.publishedAt)}
          </span>
        </span>
      </span>
    </Link>
  );
}
