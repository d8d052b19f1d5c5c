// The user's investor type (regular or international: who may apply to international placements), shown on
// the lookup page and switched by finance or admin; the server audits each change
// (server/routes/console/placement-routes.ts).
import { useEffect, useState } from 'react';
import { apiGet, apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';

interface InvestorState {
  userId: number;
  type: string;
}

export function InvestorTypeSwitch({ userId }: { userId: number }) {
  const t = useT();
  const [type, setType] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    apiGet<InvestorState>('placements/investor', { userId: String(userId) }).then(
      (r) => live && setType(r.type),
      (err: unknown) => live && setError(err instanceof Error ? err.message : t('common.error')),
    );
    return () => {
      live = false;
    };
  }, [userId, t]);
  const toggle = async () => {
    setError('');
    try {
      const r = await apiPost<InvestorState>('placements/investor', {
        userId: String(userId),
        type: type === 'international' ? 'regular' : 'international',
      });
      setType(r.type);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.error'));
    }
  };
  return (
    <div className={s.fieldRow}>
      <span>
        {t('placement.investor')}:{' '}
        <strong data-testid="investor-type">
          {type === null
            ? '…'
            : t(type === 'international' ? 'placement.international' : 'placement.regular')}
        </strong>
      </span>
      {type !== null && (
        <button
          type="button"
          className={s.primary}
          onClick={() => void toggle()}
          data-testid="investor-toggle"
        >
          {t(type === 'international' ? 'placement.makeRegular' : 'placement.makeInternational')}
        </button>
      )}
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
    </div>
  );
}
