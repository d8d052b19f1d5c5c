// The VIP state of a user, computed from their membership row and the clock (no job turns a membership off:
// contract/vip.ts lists the states), and the expiry a trial or a plan bought now would give.
import type { VipState } from '../../../contract/vip.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface MembershipFacts {
  kind: 'trial' | 'paid' | null;
  startedAt: number | null;
  expiresAt: number | null;
  trialUsed: boolean;
}

export const NO_MEMBERSHIP: MembershipFacts = {
  kind: null,
  startedAt: null,
  expiresAt: null,
  trialUsed: false,
};

/** none · trial · active · expired_trial · expired, as of `now` (the end instant itself is expired). */
export function vipState(m: MembershipFacts, now: number): VipState {
  if (m.kind === null || m.expiresAt === null) return 'none';
  const running = now < m.expiresAt;
  if (m.kind === 'trial') return running ? 'trial' : 'expired_trial';
  return running ? 'active' : 'expired';
}

/** Whether the state lets the user see the VIP sections. */
export const isRunning = (s: VipState): boolean => s === 'trial' || s === 'active';

/** Whole days left, rounded up (a membership ending in 1 hour has 1 day left); 0 when not running. */
export function daysLeft(m: MembershipFacts, now: number): number {
  if (m.expiresAt === null || now >= m.expiresAt) return 0;
  return Math.ceil((m.expiresAt - now) / DAY_MS);
}

/**
 * The period a purchase of `days` covers: from the current expiry while a trial or membership runs (buying
 * early loses nothing), otherwise from now.
 */
export function extendPeriod(
  m: MembershipFacts,
  days: number,
  now: number,
): { startsAt: number; expiresAt: number } {
  const startsAt = m.expiresAt !== null && m.expiresAt > now ? m.expiresAt : now;
  return { startsAt, expiresAt: startsAt + days * DAY_MS };
}
