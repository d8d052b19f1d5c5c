// The drawer's menu rows (spec §2), in the spec's order with their targets. The automatic IPO subscription
// row appears only when login-info says openAutoApply === 1.
import { routeTo, type RouteName } from '../../shared/routing/paths.ts';

export type DrawerRowId =
  | 'profile'
  | 'deposit'
  | 'withdraw'
  | 'bank'
  | 'security'
  | 'rechargeRecord'
  | 'withdrawRecord'
  | 'funds'
  | 'about'
  | 'autoIpo';

export interface DrawerRow {
  id: DrawerRowId;
  labelKey: `nav:drawer.${DrawerRowId}`;
  route: RouteName;
  to: string;
}

const row = (id: DrawerRowId, route: RouteName, query?: Record<string, string>): DrawerRow => ({
  id,
  labelKey: `nav:drawer.${id}`,
  route,
  to: routeTo(route, query),
});

export function drawerRows(openAutoApply: unknown): DrawerRow[] {
  const rows = [
    row('profile', 'user.userInfo'),
    row('deposit', 'recharge.recharge'),
    row('withdraw', 'withdraw.bankWithdraw'),
    row('bank', 'wallet.bankList', { type: '2' }),
    row('security', 'user.security'),
    row('rechargeRecord', 'recharge.bankRecord'),
    row('withdrawRecord', 'withdraw.withdrawRecord'),
    row('funds', 'fundsDetail.stockFundsDetail'),
    row('about', 'user.about'),
  ];
  if (openAutoApply === 1) rows.push(row('autoIpo', 'user.ipoSwitch'));
  return rows;
}
