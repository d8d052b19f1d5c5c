// The API's route plugins, one entry per area module, all mounted under /api/ by app.ts in this order. Route
// plugins only register routes: the services they use (app.db, app.ledger, app.market, app.trading, …) are
// root plugins of app.ts. To add an area, import its plugin and append it here. Each route declares
// `config: { auth: 'public' | 'optional' | 'required' }` (default 'required', see plugins/auth.ts), and its body or
// query string and its answer as schemas from contract/<area>.ts; handlers answer `ok(data)` or throw AppError.
import type { FastifyPluginAsync } from 'fastify';
import { captchaRoutes } from './common/captcha.ts';
import { codeSendRoutes } from './common/code-send.ts';
import { contentRoutes } from './content/content-plugin.ts';
import { depositRoutes } from './deposits/deposits-plugin.ts';
import { ipoRoutes } from './ipo/ipo-routes.ts';
import { placementRoutes } from './placement/placement-routes.ts';
// ---- ipo auto-apply (issue 17 §3)
import { autoApplyRoutes } from './ipo/autoapply-routes.ts';
import { marketRoutes } from './market/market-plugin.ts';
import { tradeRoutes } from './trade/trade-plugin.ts';
import { kycAuthRoutes } from './user/kyc-auth.ts';
import { passwordResetRoutes } from './user/password-reset.ts';
import { profileUpdateRoutes } from './user/kyc-profile.ts';
import { profileRoutes } from './user/profile.ts';
import { registerRoutes } from './user/register.ts';
import { sessionRoutes } from './user/session.ts';
import { bankRoutes } from './wallet/bank-routes.ts';
import { walletRoutes } from './wallet/wallet-plugin.ts';
import { withdrawAddressRoutes } from './wallet/withdraw-address-routes.ts';
import { withdrawAreaRoutes } from './withdraw/withdraw-plugin.ts';
import { cryptoAccountsRoutes } from './crypto/crypto-accounts-plugin.ts';
import { spotRoutes } from './spot/spot-routes.ts';
import { perpRoutes } from './perp/perp-plugin.ts';
import { serviceChatRoutes } from './service/chat-routes.ts';
import { serviceChatWsRoutes } from './service/chat-ws.ts';
// ---- alerts (h-alerts)
import { alertRoutes } from './alerts/alert-routes.ts';
import { pushRoutes } from './alerts/push-routes.ts';
// ---- robots
import { robotRoutes } from './robot/robot-routes.ts';
// ---- funds (issue 18, item 4)
import { fundRoutes } from './fund/fund-routes.ts';
// ---- options (issue 17 §6)
import { optionRoutes } from './option/option-routes.ts';
// ---- vip (issue 18)
import { vipAdviceRoutes } from './vip/advice-routes.ts';
import { vipRoutes } from './vip/vip-routes.ts';
// ---- block trades (issue 17 §5)
import { bulkRoutes } from './bulk/bulk-routes.ts';
// ---- loans (issue 18)
import { loanRoutes } from './loan/loan-routes.ts';
// ---- votes (h-vote)
import { voteRoutes } from './vote/vote-routes.ts';
// ---- coin ICO (issue 17 §7)
import { icoRoutes } from './ico/ico-routes.ts';

export interface ApiArea {
  name: string;
  plugin: FastifyPluginAsync;
}

export const apiAreas: readonly ApiArea[] = [
  { name: 'common/captcha', plugin: captchaRoutes },
  { name: 'common/code', plugin: codeSendRoutes },
  { name: 'user/register', plugin: registerRoutes },
  { name: 'user/session', plugin: sessionRoutes },
  { name: 'user/profile', plugin: profileRoutes },
  { name: 'user/password/reset', plugin: passwordResetRoutes },
  { name: 'user/auth', plugin: kycAuthRoutes },
  { name: 'user/update', plugin: profileUpdateRoutes },
  { name: 'market', plugin: marketRoutes },
  { name: 'trade', plugin: tradeRoutes },
  { name: 'wallet', plugin: walletRoutes },
  { name: 'bank', plugin: bankRoutes },
  { name: 'coin/withdraw/address', plugin: withdrawAddressRoutes },
  { name: 'deposits', plugin: depositRoutes },
  { name: 'withdraw', plugin: withdrawAreaRoutes },
  { name: 'crypto-accounts', plugin: cryptoAccountsRoutes },
  { name: 'coin/order', plugin: spotRoutes },
  { name: 'coin/contract/order', plugin: perpRoutes },
  { name: 'content', plugin: contentRoutes },
  // customer-service chat (issue 19)
  { name: 'service', plugin: serviceChatRoutes },
  { name: 'service/ws', plugin: serviceChatWsRoutes },
  { name: 'ipo', plugin: ipoRoutes },
  // ---- alerts (h-alerts): price alerts and Web Push subscriptions
  { name: 'user/alert', plugin: alertRoutes },
  { name: 'user/push', plugin: pushRoutes },
  // ---- robots (issue 18, item 3)
  { name: 'stock/ai', plugin: robotRoutes },
  // ---- funds (issue 18, item 4)
  { name: 'stock/fund', plugin: fundRoutes },
  // ---- vip (issue 18): membership and its signals
  { name: 'vip', plugin: vipRoutes },
  { name: 'stock/vip', plugin: vipAdviceRoutes },
  // ---- loans and the credit score (issue 18)
  { name: 'user/loan', plugin: loanRoutes },
  // ---- votes (h-vote): shareholder voting (issue 17 §8)
  { name: 'vote', plugin: voteRoutes },
  // ---- placements (issue 17 §4)
  { name: 'stock/offline', plugin: placementRoutes },
  // ---- ipo auto-apply (issue 17 §3): user/autoapply, user/update/autoapply
  { name: 'user/autoapply', plugin: autoApplyRoutes },
  // ---- options (issue 17 §6)
  { name: 'stock/option', plugin: optionRoutes },
  // ---- block trades (issue 17 §5): stock/bulk/list, info, stock/order/bulk/buy, stock/order/trade/list
  { name: 'stock/bulk', plugin: bulkRoutes },
  // ---- coin ICO (issue 17 §7): token sales and commitments
  { name: 'coin/new', plugin: icoRoutes },
];
