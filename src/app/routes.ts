// The route table (spec §2) as data: every path once, with its lazy page module, title key (nav namespace),
// tab and whether guests may open it. One route goes beyond the spec: account.resetPassword (forgotten
// password by SMS code, see paths.ts). The router, the tab bar, the guard and the README's list of
// "coming soon" screens are all derived from this table.
import { ROUTE_PATHS, type RouteName } from '../shared/routing/paths.ts';
import type { PageLoader } from './lazy-page.ts';
import HomePage from './pages/home-page.tsx';

export type TabId = 'home' | 'markets' | 'ai' | 'position' | 'mine';

export interface AppRoute {
  name: RouteName;
  path: string;
  /** i18n key in the nav namespace, e.g. `nav:title.user.about`. */
  titleKey: `nav:title.${RouteName}`;
  /** The tab this page belongs to (the tab bar is shown on it). */
  tab?: TabId;
  /** Guests may open it; every other page sends a guest to login ("please log in first", spec §6/§8). */
  public: boolean;
  /** true: a later issue builds this screen; until then it shows its title and an honest "coming soon". */
  comingSoon: boolean;
  load: PageLoader;
  /** The page shows only the first screens' texts (shared/i18n/texts/<lang>.ts): it need not wait for the rest. */
  firstScreenTexts: boolean;
}

const comingSoon: PageLoader = () => import('./pages/coming-soon-page.tsx');
// Home, the first screen of most visits, is bundled with the shell: lazy, it and the shared modules it needs
// came as a cascade of a dozen small chunks after the entry, each a request of its own on a slow link.
const home: PageLoader = () => Promise.resolve({ default: HomePage });
const login: PageLoader = () => import('../features/account/login-page.tsx');

/**
 * The first screens of most visits: they show only the first screens' namespaces (common, nav, home, markets,
 * account; held so by tests/unit/i18n/texts-on-demand.test.ts), so they do not wait for the rest of the texts.
 */
const FIRST_SCREEN_TEXTS: ReadonlySet<RouteName> = new Set<RouteName>([
  'root',
  'common.start',
  'tabbar.home',
  'tabbar.markets',
]);

/** Screens built in this issue. Everything else in ROUTE_PATHS is coming soon. */
const PAGES: Partial<Record<RouteName, PageLoader>> = {
  root: home,
  'common.start': home,
  'tabbar.home': home,
  'account.login': login,
  'common.login': login,
  'account.reg': () => import('../features/account/register-page.tsx'),
  'account.resetPassword': () => import('../features/account/reset-password-page.tsx'),
  'common.lang': () => import('../features/account/lang-page.tsx'),
  'tabbar.mine': () => import('../features/account/mine-page.tsx'),
  'user.userInfo': () => import('../features/account/user-info-page.tsx'),
  'user.kyc': () => import('../features/kyc/kyc-page.tsx'),
  'user.security': () => import('../features/account/security-page.tsx'),
  'user.loginPassword': () => import('../features/account/login-password-page.tsx'),
  'user.about': () => import('../features/info/about-page.tsx'),
  'common.companyIntroduction': () => import('../features/info/company-page.tsx'),
  // ---- location (issue 19): the city for branch cash deposits and in-person help (features/location/cities.ts)
  'system.chooseLocation': () => import('../features/location/choose-location-page.tsx'),
  'system.openLocation': () => import('../features/location/open-location-page.tsx'),
  'news.list': () => import('../features/news/news-list-page.tsx'),
  'news.detail': () => import('../features/news/news-detail-page.tsx'),
  'notice.list': () => import('../features/notice/notice-list-page.tsx'),
  'notice.detail': () => import('../features/notice/notice-detail-page.tsx'),
  // ---- alerts (h-alerts)
  'user.alerts': () => import('../features/alerts/alerts-page.tsx'),
  'common.privacyPolicy': () => import('../features/info/privacy-page.tsx'),
  'common.disclaimer': () => import('../features/info/disclaimer-page.tsx'),
  'tabbar.markets': () => import('../features/markets/markets-page.tsx'),
  'stock.search': () => import('../features/markets/search-page.tsx'),
  'stock.list': () => import('../features/markets/hot-list-page.tsx'),
  'stock.index': () => import('../features/markets/indices-page.tsx'),
  'stock.stockKline': () => import('../features/markets/stock-kline-page.tsx'),
  'coin.coinKline': () => import('../features/markets/coin-kline-page.tsx'),
  // ---- perpetual contracts (h-perpui): coin.index holds both sides, a Spot | Contract switch (?mode=contract)
  'coin.index': () => import('./pages/coin-trade-page.tsx'),
  'tabbar.trade': () => import('../features/trade/trade-page.tsx'),
  'stock.order': () => import('../features/trade/trade-page.tsx'),
  'user.tradePassword': () => import('../features/trade/trade-password-page.tsx'),
  'user.withdrawPassword': () => import('../features/account/withdraw-password-page.tsx'),
  'withdraw.withdraw': () => import('../features/withdraw/withdraw-page.tsx'),
  'withdraw.bankWithdraw': () => import('../features/withdraw/bank-withdraw-page.tsx'),
  'withdraw.cryptoWithdraw': () => import('../features/withdraw/crypto-withdraw-page.tsx'),
  'withdraw.withdrawRecord': () => import('../features/withdraw/withdraw-record-page.tsx'),
  'withdraw.recordIndex': () => import('../features/withdraw/record-index-page.tsx'),
  'withdraw.cryptoRecord': () => import('../features/withdraw/crypto-record-page.tsx'),
  'withdraw.cryptoRecordDetail': () => import('../features/withdraw/record-detail-page.tsx'),
  'wallet.recordDetail': () => import('../features/withdraw/record-detail-page.tsx'),
  // the crypto accounts (issue 16): exchange, transfers, crypto assets and their funds detail
  'exchange.index': () => import('../features/exchange/exchange-hub-page.tsx'),
  'exchange.stock': () => import('../features/exchange/stock-exchange-page.tsx'),
  'exchange.exchange': () => import('../features/exchange/currency-exchange-page.tsx'),
  'exchange.cryptoTransfer': () => import('../features/exchange/crypto-transfer-page.tsx'),
  'exchange.cryptoConvert': () => import('../features/exchange/crypto-convert-page.tsx'),
  'coin.assetsRecord': () => import('../features/exchange/coin-assets-page.tsx'),
  'fundsDetail.cryptoFundsDetail': () => import('../features/exchange/crypto-funds-detail-page.tsx'),
  'user.record': () => import('../features/withdraw/bill-records-page.tsx'),
  // ---- vip (issue 18)
  'stock.vip': () => import('../features/vip/vip-page.tsx'),
  'tabbar.position': () => import('../features/positions/positions-page.tsx'),
  'stock.income': () => import('../features/positions/income-page.tsx'),
  'user.assets': () => import('../features/assets/assets-page.tsx'),
  'fundsDetail.index': () => import('../features/assets/funds-detail-page.tsx'),
  'fundsDetail.stockFundsDetail': () => import('../features/assets/funds-detail-page.tsx'),
  'wallet.bankList': () => import('../features/wallet/bank-list-page.tsx'),
  'wallet.walletList': () => import('../features/wallet/wallet-list-page.tsx'),
  'wallet.addressList': () => import('../features/wallet/address-list-page.tsx'),
  'wallet.addBank': () => import('../features/wallet/add-bank-page.tsx'),
  'wallet.addWallet': () => import('../features/wallet/add-wallet-page.tsx'),
  'wallet.addAdress': () => import('../features/wallet/add-address-page.tsx'),
  'recharge.bankRecord': () => import('../features/recharge/recharge-record-page.tsx'),
  'recharge.rechargeRecord': () => import('../features/recharge/recharge-record-page.tsx'),
  'recharge.cryptoRecord': () => import('../features/recharge/recharge-record-page.tsx'),
  'recharge.coinRechargeList': () => import('../features/recharge/recharge-record-page.tsx'),
  'recharge.recharge': () => import('../features/recharge/recharge-page.tsx'),
  'recharge.cryptoRecharge': () => import('../features/recharge/crypto-recharge-page.tsx'),
  'recharge.coinRecharge': () => import('../features/recharge/crypto-recharge-page.tsx'),
  'recharge.rechargeChannel': () => import('../features/recharge/recharge-channel-page.tsx'),
  'recharge.walletChannel': () => import('../features/recharge/recharge-channel-page.tsx'),
  'walletRechage.rechargeChannel': () => import('../features/recharge/recharge-channel-page.tsx'),
  'recharge.bankRecharge': () => import('../features/recharge/pkr-recharge-page.tsx'),
  'recharge.walletRecharge': () => import('../features/recharge/pkr-recharge-page.tsx'),
  'recharge.offlineRecharge': () => import('../features/recharge/pkr-recharge-page.tsx'),
  'walletRechage.bankRecharge': () => import('../features/recharge/pkr-recharge-page.tsx'),
  'walletRechage.offlineRecharge': () => import('../features/recharge/pkr-recharge-page.tsx'),
  'common.download': () => import('../features/install/download-page.tsx'),
  'common.androidAPP': () => import('../features/install/android-page.tsx'),
  'common.iosAPP': () => import('../features/install/ios-page.tsx'),
  // customer service (issue 19)
  'common.service': () => import('../features/service/guest-service-page.tsx'),
  'common.serviceJs': () => import('../features/service/service-js-page.tsx'),
  'user.service': () => import('../features/service/service-page.tsx'),
  'user.serviceJs': () => import('../features/service/user-service-js-page.tsx'),
  // ---- ipo (issue 17): tabbar.ipo is the hub, stockIPO.ipoList its alias; list and ipoRecord are one screen
  'tabbar.ipo': () => import('../features/ipo/ipo-hub-page.tsx'),
  'stockIPO.ipoList': () => import('../features/ipo/ipo-hub-page.tsx'),
  'stockIPO.ipoDetail': () => import('../features/ipo/ipo-detail-page.tsx'),
  'stockIPO.ipoOrder': () => import('../features/ipo/ipo-order-page.tsx'),
  'stockIPO.list': () => import('../features/ipo/ipo-records-page.tsx'),
  'stockIPO.ipoRecord': () => import('../features/ipo/ipo-records-page.tsx'),
  // ---- loans and the credit score (issue 18)
  'user.creditScore': () => import('../features/loan/credit-score-page.tsx'),
  'user.loan': () => import('../features/loan/loan-page.tsx'),
  // ---- robot (issue 18): the AI tab and the robot screens
  'robot.list': () => import('../features/robot/robot-list-page.tsx'),
  'robot.detail': () => import('../features/robot/robot-detail-page.tsx'),
  'robot.orderDetail': () => import('../features/robot/robot-order-page.tsx'),
  'robot.record': () => import('../features/robot/robot-record-page.tsx'),
  // ---- coin ICO (issue 17 §7): token sales, their detail, the commit form and my commitments
  'coinICO.icoList': () => import('../features/ico/ico-list-page.tsx'),
  'coinICO.icoDetail': () => import('../features/ico/ico-detail-page.tsx'),
  'coinICO.icoOrder': () => import('../features/ico/ico-order-page.tsx'),
  'coinICO.applyList': () => import('../features/ico/apply-list-page.tsx'),
};

/**
 * Pages a guest may open. The rule: entry and home, signing in and up, language, the about and legal texts,
 * app downloads and customer service (a locked-out user must be able to ask for help), and read-only
 * market data, news and notices. Anything with an account, money, orders or personal data needs a login.
 */
export const PUBLIC_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'root',
  'common.start',
  'tabbar.home',
  'account.login',
  'common.login',
  'account.reg',
  'account.resetPassword',
  'account.coinLogin',
  'common.lang',
  'user.about',
  'common.companyIntroduction',
  'common.privacyPolicy',
  'common.disclaimer',
  'common.download',
  'common.androidAPP',
  'common.iosAPP',
  'common.service',
  'common.serviceJs',
  'tabbar.markets',
  'stock.list',
  'stock.index',
  'stock.search',
  'stock.stockKline',
  'coin.coinKline',
  'notice.list',
  'notice.detail',
  'news.list',
  'news.detail',
  // ---- ipo: the offerings are public reads (applying and the records need a login)
  'tabbar.ipo',
  'stockIPO.ipoList',
  'stockIPO.ipoDetail',
  // ---- coin ICO: the token sales are public reads (committing and my commitments need a login)
  'coinICO.icoList',
  'coinICO.icoDetail',
]);

/**
 * The 5 tabs. Spec §2 gives two readings: Home, Positions, AI, Assets, Mine (the route table) and Home,
 * Markets, Trade, Positions, Mine and Block Trade (other texts). We show Home, Markets, AI, Positions, Mine:
 * issue 18 asks for the AI tab, real, in the middle of the bar (spec §2), and a sixth tab would not fit 360 px
 * with Urdu labels. Trade gave its place because placing an order stays one tap from every tab page without
 * it (the fast/offline issue's defect n): Home's quick grid, the Trade button beside Positions' tabs, and a
 * Trade icon in the header of Markets, AI and Mine; a stock's k-line has Buy/Sell. Markets stays a tab:
 * watching prices is what the app is opened for most. Assets stays one tap away from Positions (its totals
 * card) and Mine (a row); Block Trade is not built.
 */
export const TAB_ROUTES: readonly { id: TabId; route: RouteName }[] = [
  { id: 'home', route: 'tabbar.home' },
  { id: 'markets', route: 'tabbar.markets' },
  { id: 'ai', route: 'robot.list' },
  { id: 'position', route: 'tabbar.position' },
  { id: 'mine', route: 'tabbar.mine' },
];

/** The entry paths render home, so the Home tab is active on them too. */
const TAB_OF: Partial<Record<RouteName, TabId>> = {
  root: 'home',
  'common.start': 'home',
  ...Object.fromEntries(TAB_ROUTES.map((t) => [t.route, t.id])),
};

export const APP_ROUTES: readonly AppRoute[] = (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => {
  const page = PAGES[name];
  const tab = TAB_OF[name];
  return {
    name,
    path: ROUTE_PATHS[name],
    titleKey: `nav:title.${name}` as const,
    public: PUBLIC_ROUTES.has(name),
    comingSoon: !page,
    load: page ?? comingSoon,
    firstScreenTexts: FIRST_SCREEN_TEXTS.has(name),
    ...(tab && { tab }),
  };
});

/** Routes whose screen a later issue builds (listed in the README). */
export const COMING_SOON_ROUTES: readonly AppRoute[] = APP_ROUTES.filter((r) => r.comingSoon);

export function findRoute(name: RouteName): AppRoute {
  const r = APP_ROUTES.find((x) => x.name === name);
  if (!r) throw new Error(`unknown route ${name}`);
  return r;
}

export function routeByPath(path: string): AppRoute | undefined {
  return APP_ROUTES.find((r) => r.path === path);
}
