// The Mine row to customer service (/pages/user/service) with the number of support's messages the user has
// not read (GET service/unread), read each time Mine opens.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../shared/api/data-client.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconInfo } from '../../shared/ui/icons.tsx';
import { ListRow } from '../../shared/ui/list-row.tsx';
import s from './service-row.module.css';

export function ServiceRow() {
  const { t } = useTranslation();
  const unread = useQuery({
    queryKey: ['service', 'unread'],
    queryFn: () => getData<{ unread: number }>('service/unread'),
    refetchOnMount: 'always',
  });
  const n = unread.data?.unread ?? 0;
  return (
    <ListRow
      icon={<IconInfo size={20} />}
      label={t('nav:title.user.service')}
      to={routeTo('user.service')}
      testId="mine-service"
      value={
        n > 0 ? (
          <span
            className={s.badge}
            data-testid="mine-service-unread"
            aria-label={t('service:unread', { count: n })}
          >
            {n > 99 ? '99+' : n}
          </span>
        ) : undefined
      }
    />
  );
}
