// What the shell knows of every route before any page loads (issue 14: the first route carries no page
// table): its name, path, title key (nav namespace), tab, whether guests may open it and whether it shows only
// the first screens' texts; and the page loaders of the first screens, Home (bundled with the shell) and
// Markets. Every other page's loader is in the page table, src/app/routes.ts, a chunk of its own (its ~95
// import closures and their preload lists were ~5 KB brotli of the entry) fetched with the first other
// screen, or once the first screen has loaded (start.ts).
import { ROUTE_PATHS, type RouteName } from '../shared/routing/paths.ts';
import type { PageLoader } from './lazy-page.ts';
import HomePage from './pages/home-page.tsx';

export type TabId = 'home' | 'markets' | 'ai' | 'position' | 'mine';

export interface RouteInfo {
  name: RouteName;
  path: string;
  /** i18n key in the nav namespace, e.g. `nav:title.user.about`. */
  titleKey: `nav:title.${RouteName}`;
  /** The tab this page belongs to (the tab bar is shown on it). */
  tab?: TabId;
  /** Guests may open it; every other page sends a guest to login ("please log in first", spec §6/§8). */
  public: boolean;
  /** The page shows only the first screens' texts (shared/i18n/texts/<lang>.ts): it need not wait for the rest. */
  firstScreenTexts: boolean;
}

// Home, the first screen of most visits, is bundled with the shell: lazy, it and the shared modules it needs
// came as a cascade of a dozen small chunks after the entry, each a request of its own on a slow link.
export const home: PageLoader = () => Promise.resolve({ default: HomePage });
export const markets: PageLoader = () => import('../features/markets/markets-page.tsx');

/** The first screens' loaders, here so opening one does not wait for the page table first. */
export const FIRST_PAGES: Partial<Record<RouteName, PageLoader>> = {
  root: home,
  'common.start': home,
  'tabbar.home': home,
  'tabbar.markets': markets,
};

/**
 * The first screens of most visits: they show only the first screens' namespaces (common, nav, home, markets,
 * account; held so by tests/unit/i18n/texts-on-demand.test.ts), so they do not wait for the rest of the texts.
 */
export const FIRST_SCREEN_TEXTS: ReadonlySet<RouteName> = new Set<RouteName>([
  'root',
  'common.start',
  'tabbar.home',
  'tabbar.markets',
]);

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
  // the crypto door of the same sign-in (issue 16: one account for stocks and crypto, coin-login-page.tsx)
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

export const ROUTE_INFOS: readonly RouteInfo[] = (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => {
  const tab = TAB_OF[name];
  return {
    name,
    path: ROUTE_PATHS[name],
    titleKey: `nav:title.${name}` as const,
    public: PUBLIC_ROUTES.has(name),
    firstScreenTexts: FIRST_SCREEN_TEXTS.has(name),
    ...(tab && { tab }),
  };
});
