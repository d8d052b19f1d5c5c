// The page table (spec §2): every route's lazy page module, by route name. Every route of ROUTE_PATHS has a
// built screen (the Record type holds it: a route without a page does not compile), so none shows "coming
// soon". What the shell needs before a page loads (paths, titles, tabs, who may open what, the first screens'
// loaders) is in ./route-info.ts; this module is a chunk of its own, fetched with the first screen past Home
// and Markets (router.tsx), so the entry carries none of the import closures. One route goes beyond the spec:
// account.resetPassword (forgotten password by SMS code, see paths.ts). account.coinLogin (issue 16's
// decision) is not a second account: one account signs in once for stocks and crypto, so it is the crypto
// door of the same sign-in, the login form with a crypto heading that leads to the crypto trading screen
// (features/account/coin-login-page.tsx). The router and the guard are derived from the two tables.
import type { RouteName } from '../shared/routing/paths.ts';
import type { PageLoader } from './lazy-page.ts';
import {
  home,
  markets,
  PUBLIC_ROUTES,
  ROUTE_INFOS,
  TAB_ROUTES,
  type RouteInfo,
  type TabId,
} from './route-info.ts';

export { PUBLIC_ROUTES, TAB_ROUTES, type TabId };

export interface AppRoute extends RouteInfo {
  load: PageLoader;
}

const login: PageLoader = () => import('../features/account/login-page.tsx');

/** Every route's screen. */
const PAGES: Record<RouteName, PageLoader> = {
  root: home,
  'common.start': home,
  'tabbar.home': home,
  'account.login': login,
  'common.login': login,
  // the crypto door of the one sign-in (issue 16): the login form, then the crypto trading screen
  'account.coinLogin': () => import('../features/account/coin-login-page.tsx'),
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
  'tabbar.markets': markets,
  'stock.search': () => import('../features/markets/search-page.tsx'),
  'stock.list': () => import('../features/markets/hot-list-page.tsx'),
  'stock.index': () => import('../features/markets/indices-page.tsx'),
  'stock.stockKline': () => import('../features/markets/stock-kline-page.tsx'),
  'coin.coinKline': () => import('../features/markets/coin-kline-page.tsx'),
  // ---- perpetual contracts (h-perpui): coin.index holds both sides, a Spot | Contract switch (?mode=contract)
  'coin.index': () => import('./pages/coin-trade-page.tsx'),
  'tabbar.trade': () => import('../features/trade/trade-page.tsx'),
  // ---- options (issue 17 §6): ?mode=option is the options screen (app/pages/stock-order-page.tsx)
  'stock.order': () => import('./pages/stock-order-page.tsx'),
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
  // (h-place: the hub and the records are composed with the placement area in src/app/pages)
  'tabbar.ipo': () => import('./pages/ipo-hub-page.tsx'),
  'stockIPO.ipoList': () => import('./pages/ipo-hub-page.tsx'),
  'stockIPO.ipoDetail': () => import('../features/ipo/ipo-detail-page.tsx'),
  'stockIPO.ipoOrder': () => import('../features/ipo/ipo-order-page.tsx'),
  'stockIPO.list': () => import('./pages/ipo-records-page.tsx'),
  'stockIPO.ipoRecord': () => import('./pages/ipo-records-page.tsx'),
  // ---- ipo auto-apply (issue 17 §3): the drawer row's screen
  'user.ipoSwitch': () => import('../features/ipo/ipo-switch-page.tsx'),
  // ---- loans and the credit score (issue 18)
  'user.creditScore': () => import('../features/loan/credit-score-page.tsx'),
  'user.loan': () => import('../features/loan/loan-page.tsx'),
  // ---- robot (issue 18): the AI tab and the robot screens
  'robot.list': () => import('../features/robot/robot-list-page.tsx'),
  'robot.detail': () => import('../features/robot/robot-detail-page.tsx'),
  'robot.orderDetail': () => import('../features/robot/robot-order-page.tsx'),
  'robot.record': () => import('../features/robot/robot-record-page.tsx'),
  // ---- votes (h-vote): shareholder voting and a resolution's notice
  'stock.vote': () => import('../features/vote/vote-page.tsx'),
  'stock.voteUrl': () => import('../features/vote/vote-notice-page.tsx'),
  // ---- block trades (issue 17 §5)
  'stockBulk.bulkList': () => import('../features/bulk/bulk-list-page.tsx'),
  'stockBulk.bulkDetail': () => import('../features/bulk/bulk-detail-page.tsx'),
  'stockBulk.bulkOrder': () => import('../features/bulk/bulk-order-page.tsx'),
  // ---- coin ICO (issue 17 §7): token sales, their detail, the commit form and my commitments
  'coinICO.icoList': () => import('../features/ico/ico-list-page.tsx'),
  'coinICO.icoDetail': () => import('../features/ico/ico-detail-page.tsx'),
  'coinICO.icoOrder': () => import('../features/ico/ico-order-page.tsx'),
  'coinICO.applyList': () => import('../features/ico/apply-list-page.tsx'),
};

export const APP_ROUTES: readonly AppRoute[] = ROUTE_INFOS.map((info) => ({
  ...info,
  load: PAGES[info.name],
}));

export function findRoute(name: RouteName): AppRoute {
  const r = APP_ROUTES.find((x) => x.name === name);
  if (!r) throw new Error(`unknown route ${name}`);
  return r;
}

export function routeByPath(path: string): AppRoute | undefined {
  return APP_ROUTES.find((r) => r.path === path);
}
