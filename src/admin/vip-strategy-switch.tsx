// The user's stock strategy service (VIP short-term strategies), switched by support from the lookup page;
// the server audits each change (server/routes/console/vip-routes.ts).
import { useEffect, useState } from 'react';
import { apiGet, apiPost } from './api.ts';
import s from './console.module.css';
import { useT } from './lang.ts';

interface StrategyState {
  userId: number;
  strategyService: boolean;
}

export function VipStrategySwitch({ userId }: { userId: number }) {
  const t = useT();
  const [on, setOn] = useState<boolean | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    apiGet<StrategyState>('vip/strategy', { userId: String(userId) }).then(
      (r) => live && setOn(r.strategyService),
      (err: unknown) => live && setError(err instanceof Error ? err.message : t('common.error')),
    );
    return () => {
      live = false;
    };
  }, [userId, t]);
  const toggle = async () => {
    setError('');
    try {
      const r = await apiPost<StrategyState>('vip/strategy', {
        userId: String(userId),
        on: on ? 'no' : 'yes',
      });
      setOn(r.strategyService);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.error'));
    }
  };
  return (
    <div className={s.fieldRow}>
      <span>
        {t('vip.strategy')}:{' '}
        <strong data-testid="vip-strategy-state">{on === null ? '…' : t(on ? 'vip.on' : 'vip.off')}</strong>
      </span>
      {on !== null && (
        <button type="button" className={s.primary} onClick={() => void toggle()}>
          {t(on ? 'vip.switchOff' : 'vip.switchOn')}
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
