// The wire form of a user's VIP status (GET user/vip/get, and the answer of user/vip/buy).
import type { Db } from '../../db/database.ts';
import type { VipStatus } from '../../../contract/vip.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { readSettings } from '../settings/settings-repo.ts';
import { readMembership } from './vip-repo.ts';
import { daysLeft, vipState } from './vip-status.ts';
import type { VipRules } from './vip-buy.ts';

export async function vipRules(db: Db): Promise<VipRules> {
  const s = await readSettings(db);
  return { trialDays: s['vip.trialDays'], plans: s['vip.plans'] };
}

export async function vipStatus(
  db: Db,
  userId: number,
  accountType: AccountType,
  now: number,
): Promise<VipStatus> {
  const [m, rules] = await Promise.all([readMembership(db, userId), vipRules(db)]);
  return {
    state: vipState(m, now),
    startedAt: m.startedAt,
    expiresAt: m.expiresAt,
    daysLeft: daysLeft(m, now),
    trialUsed: m.trialUsed,
    trialDays: rules.trialDays,
    plans: rules.plans.map((p) => ({ id: p.id, days: p.days, price: p.price })),
    strategyService: m.strategyService,
    canPay: accountType === 'real',
  };
}
