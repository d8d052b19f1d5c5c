// Home (/, /pages/common/start, /pages/tabbar/home): drawer button, greeting with the account type and KYC
// label (or sign-in buttons for guests), quick entries, and an honest placeholder where market data will go.
// It lives in app/ because it is a dashboard that composes features (account now, markets later).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo, type RouteName } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { openDrawer } from '../../shared/ui/drawer-state.ts';
import {
  IconBolt,
  IconDeposit,
  IconGlobe,
  IconHeadset,
  IconIpo,
  IconMarkets,
  IconMenu,
  IconNews,
  IconRobot,
  IconTrade,
  IconWithdraw,
  IconSwap,
} from '../../shared/ui/icons-first.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { HomeMarkets } from '../../features/markets/home-markets.tsx';
import { HomeBanners, NoticeBell, SystemNoticePopup } from '../../features/notice/home-notice-parts.tsx';
import { AccountTypeBadge } from '../../features/account/account-switch.tsx';
import { KycBadge } from '../../features/account/kyc-badge.tsx';
import { accountTypeAtom, isLoggedInAtom, userInfoAtom } from '../../shared/state/session-atoms.ts';
import s from './home-page.module.css';

interface QuickEntry {
  route: RouteName;
  labelKey: string;
  icon: ReactNode;
}

export const QUICK_ENTRIES: readonly QuickEntry[] = [
  { route: 'tabbar.markets', labelKey: 'home:quick.markets', icon: <IconMarkets /> },
  { route: 'tabbar.trade', labelKey: 'home:quick.trade', icon: <IconTrade /> },
  { route: 'tabbar.ipo', labelKey: 'home:quick.ipo', icon: <IconIpo /> },
  { route: 'recharge.recharge', labelKey: 'home:quick.deposit', icon: <IconDeposit /> },
  { route: 'withdraw.bankWithdraw', labelKey: 'home:quick.withdraw', icon: <IconWithdraw /> },
  { route: 'robot.list', labelKey: 'home:quick.robot', icon: <IconRobot /> },
  { route: 'exchange.index', labelKey: 'home:quick.exchange', icon: <IconSwap /> },
  { route: 'common.service', labelKey: 'home:quick.service', icon: <IconHeadset /> },
];

export default function HomePage() {
  const { t } = useTranslation();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const user = useAtomValue(userInfoAtom);
  const type = useAtomValue(accountTypeAtom);

  return (
    <div className="page">
      <PageHeader
        wide
        title={t('common:appName')}
        start={
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common:openMenu')}
            data-testid="open-drawer"
            onClick={openDrawer}
          >
            <IconMenu />
          </button>
        }
        end={
          <>
            <NoticeBell />
            <Link className="icon-btn" to={routeTo('common.lang')} aria-label={t('nav:title.common.lang')}>
              <IconGlobe />
            </Link>
          </>
        }
      />
      <div className="page__body">
        <section className={`card card--hero ${s.greeting}`} aria-label={t('home:greeting.label')}>
          {loggedIn ? (
            <>
              <p className="muted small">{t('home:greeting.welcomeBack')}</p>
              <p className={s.hello}>
                <Num>{user?.account ?? ''}</Num>
              </p>
              <div className={s.badges}>
                <AccountTypeBadge type={type} />
                <KycBadge idStatus={user?.idStatus} linked />
              </div>
            </>
          ) : (
            <>
              <p className={s.hello}>{t('home:greeting.guestTitle')}</p>
              <p className="muted small">{t('home:greeting.guestText')}</p>
              <div className={s.cta}>
                <Link className="btn btn--primary" to={routeTo('account.login')}>
                  {t('home:greeting.login')}
                </Link>
                <Link className="btn btn--ghost" to={routeTo('account.reg')}>
                  {t('home:greeting.register')}
                </Link>
              </div>
            </>
          )}
        </section>

        <HomeBanners />

        <nav className={`card ${s.quick}`} aria-label={t('home:quick.label')}>
          {QUICK_ENTRIES.map((q) => (
            <Link
              key={q.route}
              className={s.item}
              to={routeTo(q.route)}
              data-testid={`quick-${q.route.replace('.', '-')}`}
            >
              <span className={s.icon}>{q.icon}</span>
              <span>{t(q.labelKey)}</span>
            </Link>
          ))}
        </nav>

        <HomeMarkets />

        <Link className={`card ${s.soon}`} to={routeTo('news.list')}>
          <span className={s.soonIcon}>
            <IconNews />
          </span>
          <div>
            <p className={s.soonTitle}>{t('home:news.title')}</p>
            <p className="muted small">{t('home:news.text')}</p>
          </div>
        </Link>
        <div className={`card ${s.soon}`}>
          <span className={s.soonIcon}>
            <IconBolt />
          </span>
          <p className="muted small">{t('home:risk')}</p>
        </div>
      </div>
      <SystemNoticePopup />
    </div>
  );
}
