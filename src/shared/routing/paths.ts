// Every path of the spec (§2) under a stable name. Code navigates by name (`routeTo('user.about')`), never by
// string literals; src/app/routes.ts adds the page module, title, tab and public flag for each name.
// Names are `<folder>.<page>` of the path, so two pages called e.g. `cryptoRecord` never collide.

export const ROUTE_PATHS = {
  // Entry (both render home)
  root: '/',
  'common.start': '/pages/common/start',
  // Tab bar
  'tabbar.home': '/pages/tabbar/home',
  'tabbar.position': '/pages/tabbar/position',
  'robot.list': '/pages/robot/list',
  'user.assets': '/pages/user/assets',
  'tabbar.mine': '/pages/tabbar/mine',
  // Markets and trade
  'tabbar.markets': '/pages/tabbar/markets',
  'tabbar.trade': '/pages/tabbar/trade',
  'tabbar.ipo': '/pages/tabbar/ipo',
  // Account (the login screen answers at both login paths: spec §2 "login route discrepancy")
  'account.reg': '/pages/account/reg',
  'account.login': '/pages/account/login',
  'common.login': '/pages/common/login',
  'account.coinLogin': '/pages/account/coinLogin',
  // Beyond spec §2 (which has no way back into an account whose password is lost): the SMS-code password
  // reset, reached from login's "Forgot password?". Listed in EXTRA_PATHS of tests/unit/app/routes.test.ts.
  'account.resetPassword': '/pages/account/resetPassword',
  'common.lang': '/pages/common/lang',
  // Info
  'notice.list': '/pages/notice/list',
  'notice.detail': '/pages/notice/detail',
  'news.list': '/pages/news/list',
  'news.detail': '/pages/news/detail',
  'common.companyIntroduction': '/pages/common/companyIntroduction',
  'common.privacyPolicy': '/pages/common/privacyPolicy',
  'common.disclaimer': '/pages/common/disclaimer',
  // Service and downloads
  'common.service': '/pages/common/service',
  'common.serviceJs': '/pages/common/serviceJs',
  'user.service': '/pages/user/service',
  'user.serviceJs': '/pages/user/serviceJs',
  'common.download': '/pages/common/download',
  'common.androidAPP': '/pages/common/androidAPP',
  'common.iosAPP': '/pages/common/iosAPP',
  // Stock IPO
  'stockIPO.ipoList': '/pages/stockIPO/ipoList',
  'stockIPO.ipoDetail': '/pages/stockIPO/ipoDetail',
  'stockIPO.ipoOrder': '/pages/stockIPO/ipoOrder',
  'stockIPO.list': '/pages/stockIPO/list',
  'stockIPO.ipoRecord': '/pages/stockIPO/ipoRecord',
  // Bulk trading
  'stockBulk.bulkList': '/pages/stockBulk/bulkList',
  'stockBulk.bulkDetail': '/pages/stockBulk/bulkDetail',
  'stockBulk.bulkOrder': '/pages/stockBulk/bulkOrder',
  // Stock
  'stock.vip': '/pages/stock/vip',
  'stock.list': '/pages/stock/list',
  'stock.income': '/pages/stock/income',
  'stock.search': '/pages/stock/search',
  'stock.index': '/pages/stock/index',
  'stock.stockKline': '/pages/stock/stockKline',
  'stock.order': '/pages/stock/order',
  'stock.vote': '/pages/stock/vote',
  'stock.voteUrl': '/pages/stock/voteUrl',
  // Coin
  'coin.coinKline': '/pages/coin/coinKline',
  'coin.index': '/pages/coin/index',
  'coin.assetsRecord': '/pages/coin/assetsRecord',
  // Coin ICO
  'coinICO.icoList': '/pages/coinICO/icoList',
  'coinICO.icoOrder': '/pages/coinICO/icoOrder',
  'coinICO.icoDetail': '/pages/coinICO/icoDetail',
  'coinICO.applyList': '/pages/coinICO/applyList',
  // User
  'user.creditScore': '/pages/user/creditScore',
  'user.about': '/pages/user/about',
  'user.security': '/pages/user/security',
  'user.userInfo': '/pages/user/userInfo',
  'user.kyc': '/pages/user/kyc',
  'user.loginPassword': '/pages/user/loginPassword',
  'user.tradePassword': '/pages/user/tradePassword',
  // Beyond spec §2 (which names the withdrawal password in the security centre but gives it no screen): set,
  // change or reset it by SMS code. Listed in EXTRA_PATHS of tests/unit/app/routes.test.ts.
  'user.withdrawPassword': '/pages/user/withdrawPassword',
  'user.ipoSwitch': '/pages/user/ipoSwitch',
  'user.loan': '/pages/user/loan',
  'user.record': '/pages/user/record',
  // Wallet
  'wallet.addBank': '/pages/wallet/addBank',
  'wallet.bankList': '/pages/wallet/bankList',
  'wallet.addAdress': '/pages/wallet/addAdress',
  'wallet.addressList': '/pages/wallet/addressList',
  'wallet.recordDetail': '/pages/wallet/recordDetail',
  'wallet.walletList': '/pages/wallet/walletList',
  'wallet.addWallet': '/pages/wallet/addWallet',
  // Withdraw
  'withdraw.bankWithdraw': '/pages/withdraw/bankWithdraw',
  'withdraw.cryptoWithdraw': '/pages/withdraw/cryptoWithdraw',
  'withdraw.withdraw': '/pages/withdraw/withdraw',
  'withdraw.withdrawRecord': '/pages/withdraw/withdrawRecord',
  'withdraw.recordIndex': '/pages/withdraw/recordIndex',
  'withdraw.cryptoRecordDetail': '/pages/withdraw/cryptoRecordDetail',
  'withdraw.cryptoRecord': '/pages/withdraw/cryptoRecord',
  // Recharge
  'recharge.bankRecharge': '/pages/recharge/bankRecharge',
  'recharge.recharge': '/pages/recharge/recharge',
  'recharge.cryptoRecharge': '/pages/recharge/cryptoRecharge',
  'recharge.offlineRecharge': '/pages/recharge/offlineRecharge',
  'recharge.rechargeChannel': '/pages/recharge/rechargeChannel',
  'recharge.rechargeRecord': '/pages/recharge/rechargeRecord',
  'recharge.bankRecord': '/pages/recharge/bankRecord',
  'recharge.cryptoRecord': '/pages/recharge/cryptoRecord',
  'recharge.coinRecharge': '/pages/recharge/coinRecharge',
  'recharge.coinRechargeList': '/pages/recharge/coinRechargeList',
  'recharge.walletChannel': '/pages/recharge/walletChannel',
  'recharge.walletRecharge': '/pages/recharge/walletRecharge',
  // Wallet recharge (the spec spells the folder "walletRechage")
  'walletRechage.offlineRecharge': '/pages/walletRechage/offlineRecharge',
  'walletRechage.rechargeChannel': '/pages/walletRechage/rechargeChannel',
  'walletRechage.bankRecharge': '/pages/walletRechage/bankRecharge',
  // Exchange
  'exchange.index': '/pages/exchange/index',
  'exchange.stock': '/pages/exchange/stock',
  'exchange.cryptoConvert': '/pages/exchange/cryptoConvert',
  'exchange.cryptoTransfer': '/pages/exchange/cryptoTransfer',
  'exchange.exchange': '/pages/exchange/exchange',
  // Funds detail
  'fundsDetail.index': '/pages/fundsDetail/index',
  'fundsDetail.stockFundsDetail': '/pages/fundsDetail/stockFundsDetail',
  'fundsDetail.cryptoFundsDetail': '/pages/fundsDetail/cryptoFundsDetail',
  // AI robot (robot.list is the AI tab above)
  'robot.detail': '/pages/robot/detail',
  'robot.record': '/pages/robot/record',
  'robot.orderDetail': '/pages/robot/orderDetail',
  // System
  'system.chooseLocation': '/choose-location',
  'system.openLocation': '/open-location',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;
export type RoutePath = (typeof ROUTE_PATHS)[RouteName];

/** The URL of a named route, with an optional query string (the spec passes data only as query strings). */
export function routeTo(name: RouteName, query?: Record<string, string | number>): string {
  const path = ROUTE_PATHS[name];
  if (!query) return path;
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The path every "go to login" uses (session expiry and the drawer name /pages/common/login). */
export const LOGIN_ROUTE: RouteName = 'common.login';

/** Only same-app absolute paths may be used as a post-login redirect (never `//host` or a full URL). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  return target;
}
