// What the withdraw forms show, gathered from where each part lives: the hours (PKR: withdraw.hours; crypto its
// own crypto.withdrawHours), limits and fees from the public settings (common/props), the bank accounts and wallets from bank/list, the crypto addresses from
// coin/withdraw/address, and only what is the user's own (today's use, balances, the password, open now) from
// user/withdraw/config. One remote state for the form: pending until all have answered, an error when one
// has nothing to show, stale when one is.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Binding, WithdrawAddress } from '../../../contract/bank.ts';
import type { PublicSettings } from '../../../contract/settings.ts';
import type { WithdrawConfig } from '../../../contract/withdraw.ts';
import { bindingsQuery, withdrawAddressesQuery } from '../../shared/query/bindings-query.ts';
import { propsQuery } from '../../shared/query/props-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import type { RemoteState } from '../../shared/ui/remote-state.ts';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { withdrawConfigQuery } from './queries.ts';

export interface WithdrawView {
  /** the hours of this kind of withdrawal, and whether they are open now (the server's clock) */
  hours: PublicSettings['withdraw.hours'];
  open: boolean;
  hasPassword: boolean;
  pkr: { min: string; max: string; dailyMax: string; usedToday: string; available: string };
  feeRate: string;
  feeMin: string;
  bindings: readonly Binding[];
  crypto: {
    min: string;
    max: string;
    dailyMax: string;
    usedToday: string;
    available: string;
    networkFee: Record<WithdrawAddress['chain'], string>;
  };
  addresses: readonly WithdrawAddress[];
}

function view(
  kind: 'fiat' | 'crypto',
  config: WithdrawConfig,
  s: PublicSettings,
  bindings: readonly Binding[],
  addresses: readonly WithdrawAddress[],
): WithdrawView {
  return {
    hours: kind === 'crypto' ? s['crypto.withdrawHours'] : s['withdraw.hours'],
    open: kind === 'crypto' ? config.crypto.open : config.open,
    hasPassword: config.hasPassword,
    pkr: {
      min: s['withdraw.min'],
      max: s['withdraw.max'],
      dailyMax: s['withdraw.dailyMax'],
      usedToday: config.usedToday,
      available: config.available,
    },
    feeRate: s['withdraw.feeRate'],
    feeMin: s['withdraw.feeMin'],
    bindings,
    crypto: {
      min: s['crypto.withdrawMin'],
      max: s['crypto.withdrawMax'],
      dailyMax: s['crypto.withdrawDailyMax'],
      usedToday: config.crypto.usedToday,
      available: config.crypto.available,
      networkFee: {
        TRC20: s['crypto.withdrawFee.TRC20'],
        ERC20: s['crypto.withdrawFee.ERC20'],
        BEP20: s['crypto.withdrawFee.BEP20'],
      },
    },
    addresses,
  };
}

/** Several remote states as one: the first error or wait wins; stale when any part is. */
function allOf<T>(states: readonly RemoteState<unknown>[], make: () => T): RemoteState<T> {
  for (const st of states) if (st.status === 'error' || st.status === 'idle') return st;
  if (states.some((st) => st.status === 'pending')) return { status: 'pending' };
  const updatedAt = Math.min(...states.map((st) => ('updatedAt' in st ? st.updatedAt : Date.now())));
  const stale = states.find((st) => st.status === 'stale');
  return stale && stale.status === 'stale'
    ? { status: 'stale', data: make(), updatedAt, error: stale.error }
    : { status: 'success', data: make(), updatedAt };
}

/** The form's data for PKR (bank accounts and wallets) or crypto (addresses), and a retry of every part. */
export function useWithdrawView(kind: 'fiat' | 'crypto'): {
  state: RemoteState<WithdrawView>;
  retry: () => void;
} {
  const scope = useAccountScope();
  const { i18n } = useTranslation();
  const config = useQuery(withdrawConfigQuery(scope));
  const props = useQuery(propsQuery(i18n.language));
  const banks = useQuery({ ...bindingsQuery(scope, 'bank'), enabled: kind === 'fiat' });
  const wallets = useQuery({ ...bindingsQuery(scope, 'wallet'), enabled: kind === 'fiat' });
  const addresses = useQuery({ ...withdrawAddressesQuery(scope), enabled: kind === 'crypto' });
  const states: RemoteState<unknown>[] = [toRemoteState(config), toRemoteState(props)];
  const parts: { refetch: () => Promise<unknown> }[] = [config, props];
  if (kind === 'fiat') {
    states.push(toRemoteState(banks), toRemoteState(wallets));
    parts.push(banks, wallets);
  } else {
    states.push(toRemoteState(addresses));
    parts.push(addresses);
  }
  const state = allOf(states, () =>
    view(
      kind,
      config.data!,
      props.data!.values,
      [...(banks.data ?? []), ...(wallets.data ?? [])],
      addresses.data ?? [],
    ),
  );
  return { state, retry: () => parts.forEach((p) => void p.refetch()) };
}
