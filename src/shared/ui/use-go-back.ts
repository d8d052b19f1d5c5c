// The back action of spec §2: go back one page when there is in-app history, else switch to the home tab.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routeTo } from '../routing/paths.ts';

/** React Router keeps its own position in history.state.idx; 0 means the app was opened on this page, so
 * going back would leave the app (or do nothing) — then home is the sensible target. */
export function hasInAppHistory(state: unknown = window.history.state): boolean {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasInAppHistory()) void navigate(-1);
    else void navigate(routeTo('tabbar.home'), { replace: true });
  }, [navigate]);
}
