// Automatic market news (issue 19 item 2): after each PSX close, one article "KSE-100 closed at X, ±Y %" with
// the stocks that ended the day at their upper or lower price limit (the simulator's circuit breakers), made by
// the leading node under the key `psx-close:<PKT date>` so restarts and other nodes never make it twice. The
// text says it is automatic and simulated; the article's kind 'auto' makes the app label it.
import type { Ticker } from '../../../contract/market.ts';
import type { Db } from '../../db/database.ts';
import type { Translator } from '../../i18n/translator.ts';
import type { MarketSource } from '../market/market-source.ts';
import { lastPsxClose } from '../trading/day-orders.ts';
import { insertAutoArticle } from './news-repo.ts';

export const INDEX_SYMBOL = 'KSE100';
/** A close older than this is not written up late (after midnight the tickers describe a new day). */
export const LATE_LIMIT_MS = 6 * 3600_000;
const PKT_OFFSET_MS = 5 * 3600_000;
/** The two languages an automatic article is written in (columns _ur and _en). */
const UR = 'ur-PK';
const EN = 'en-US';

export const pktDate = (ms: number): string => new Date(ms + PKT_OFFSET_MS).toISOString().slice(0, 10);

export interface CloseFacts {
  date: string;
  index: Pick<Ticker, 'p' | 'pc' | 'cp'>;
  /** symbols that closed at their upper / lower limit */
  upper: string[];
  lower: string[];
}

/** The article's title and body in Urdu and English (pure). */
export function closeArticle(f: CloseFacts, t: Translator) {
  const change = f.index.cp.startsWith('-') ? f.index.cp : `+${f.index.cp}`;
  const params = { close: f.index.p, change, prev: f.index.pc, date: f.date };
  const text = (lang: 'ur-PK' | 'en-US') => {
    const lines = [t.t(lang, 'notice:auto.closeBody', params)];
    if (f.upper.length > 0)
      lines.push(
        t.t(lang, 'notice:auto.upper', { count: f.upper.length, symbols: f.upper.slice(0, 20).join(', ') }),
      );
    if (f.lower.length > 0)
      lines.push(
        t.t(lang, 'notice:auto.lower', { count: f.lower.length, symbols: f.lower.slice(0, 20).join(', ') }),
      );
    return lines.join('\n\n');
  };
  return {
    title: [t.t(UR, 'notice:auto.closeTitle', params), t.t(EN, 'notice:auto.closeTitle', params)] as [
      string,
      string,
    ],
    body: [text(UR), text(EN)] as [string, string],
  };
}

/** What the market says at the close: the index and the stocks at a limit. */
export function closeFacts(market: MarketSource, close: number): CloseFacts | null {
  const index = market.ticker(INDEX_SYMBOL);
  if (!index) return null;
  const upper: string[] = [];
  const lower: string[] = [];
  for (const tk of market.tickers('psx')) {
    const info = market.info(tk.s);
    if (!info || info.limitUp === '0') continue;
    if (tk.p === info.limitUp) upper.push(tk.s);
    else if (tk.p === info.limitDown) lower.push(tk.s);
  }
  return { date: pktDate(close), index, upper: upper.sort(), lower: lower.sort() };
}

/**
 * Writes the latest close's article if it is due and not yet written; returns true when this call wrote it.
 * Called by the leader's timer at each close (plugins/auto-news.ts) and once when it takes the lead.
 */
export async function writeCloseNewsIfDue(db: Db, market: MarketSource, t: Translator, now: number) {
  const close = lastPsxClose(now);
  if (close === null || now - close > LATE_LIMIT_MS) return false;
  const facts = closeFacts(market, close);
  if (!facts) return false;
  const a = closeArticle(facts, t);
  return insertAutoArticle(db, { autoKey: `psx-close:${facts.date}`, title: a.title, body: a.body, now });
}
