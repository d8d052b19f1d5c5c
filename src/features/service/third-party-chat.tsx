// The serviceJs routes: when an operator set a third-party chat script (common/prop service.scriptUrl, the
// same address login-info gives as serviceSaleSmartly), that script is loaded; otherwise the built-in chat
// (`fallback`) shows. The server allows the script's origin in the CSP of these two pages only, so the
// document must have been loaded at this address: after an in-app navigation the page reloads itself once.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../shared/api/data-client.ts';
import { Spinner } from '../../shared/ui/loader.tsx';

type ScriptState = { kind: 'loading' } | { kind: 'none' } | { kind: 'script'; url: string };

function loadedHere(): boolean {
  const nav = performance.getEntriesByType('navigation')[0];
  return !nav || new URL(nav.name).pathname === location.pathname;
}

export function ThirdPartyChat({ fallback }: { fallback: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ScriptState>({ kind: 'loading' });
  useEffect(() => {
    let gone = false;
    getData<{ value: string }>('common/prop', { key: 'service.scriptUrl' })
      .then((r) => !gone && setState(r.value ? { kind: 'script', url: r.value } : { kind: 'none' }))
      .catch(() => !gone && setState({ kind: 'none' }));
    return () => {
      gone = true;
    };
  }, []);
  useEffect(() => {
    if (state.kind !== 'script') return;
    if (!loadedHere()) {
      location.reload();
      return;
    }
    const el = document.createElement('script');
    el.src = state.url;
    el.async = true;
    el.dataset['testid'] = 'third-party-chat';
    document.body.append(el);
    return () => el.remove();
  }, [state]);
  if (state.kind === 'none') return <>{fallback}</>;
  return (
    <p role="status" data-testid="third-party-chat-loading">
      <Spinner /> {t('service:scriptLoading')}
    </p>
  );
}
