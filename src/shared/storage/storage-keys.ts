// The client-stored data of spec §3: every key, its type, its default and how it is kept.
// This table is the only list of keys; storage.ts refuses anything else at compile time.
import type { AccountType, Lang, LoginInfo, UserInfo } from '../../../workers/protocol/api.ts';
import { DEFAULT_LANG, LANGS } from '../../../workers/protocol/api.ts';

/** Any JSON value: the shape of caches whose fields the spec does not show. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Not in spec §3 (hence documented here): what the login screen's "remember password" keeps.
 * Only the phone number and its area code — never the password, which plain localStorage would expose to
 * any script on the origin; the browser's password manager fills the password field instead.
 */
export interface RememberAccount {
  areaCode: string;
  phone: string;
}

export interface StorageSchema {
  /** The token of the current account; mirrors userTokenReal or userTokenDemo. */
  userToken: string;
  userTokenDemo: string;
  userTokenReal: string;
  userAccountType: AccountType;
  userInfo: UserInfo | null;
  noticeData: Json;
  newsData: Json;
  systemNotice: Json;
  inviteCode: string;
  inviteCodeRes: Json;
  lang: Lang;
  /** The same language preference under the name the spec also lists; written together with `lang`. */
  ipxruaLanguage: Lang;
  mainInd: string;
  subInd: string;
  coinData: Json;
  coinList: Json[];
  /** Favourite coins. */
  coinCollectList: Json[];
  contractsCoinData: Json;
  tradeCoinData: Json;
  coinAccountList: Json[];
  coinRechargeData: Json;
  stockOfflineData: Json;
  rechargeRecordData: Json;
  withdrawRecordData: Json;
  searchHistoryData: string[];
  loginInfo: LoginInfo | null;
  countryList: Json[];
  robotData: Json;
  robotDetailData: Json;
  stockData: Json;
  aiProfitRecord: Json[];
  /** Generated on first read with crypto.getRandomValues, then kept. */
  randomUserId: string;
  systemTradeType: string;
  systemRouter: string;
  stockCountry: string;
  areaCode: string;
  /** In memory only (spec: "not persisted"): resets to 0 on every page load. */
  positionTab: number;
  /** Extra key, see RememberAccount. null when "remember password" is off. */
  rememberAccount: RememberAccount | null;
  // ---- location (issue 19): the city chosen on /choose-location (an id of src/features/location/cities.ts)
  serviceCity: string;
}

export type StorageKey = keyof StorageSchema;

/**
 * How a key is kept: `string` raw in localStorage (tokens stay readable by other tools as plain text),
 * `json` as JSON text, `memory` never written to localStorage. `check` rejects a stored value of the wrong
 * shape so that a corrupt or foreign entry reads as the default instead of crashing a screen.
 */
interface KeySpec<T> {
  kind: 'string' | 'json' | 'memory';
  default: T;
  check?: (value: unknown) => boolean;
}

const isLang = (v: unknown): boolean => typeof v === 'string' && (LANGS as readonly string[]).includes(v);
const isArray = (v: unknown): boolean => Array.isArray(v);
const isObjectOrNull = (v: unknown): boolean => v === null || (typeof v === 'object' && !Array.isArray(v));

const str = (def = ''): KeySpec<string> => ({ kind: 'string', default: def });
const json = (): KeySpec<Json> => ({ kind: 'json', default: null });
const list = <T>(): KeySpec<T[]> => ({ kind: 'json', default: [], check: isArray });

export const STORAGE_KEYS: { readonly [K in StorageKey]: KeySpec<StorageSchema[K]> } = {
  userToken: str(),
  userTokenDemo: str(),
  userTokenReal: str(),
  userAccountType: { kind: 'string', default: 'real', check: (v) => v === 'real' || v === 'demo' },
  userInfo: { kind: 'json', default: null, check: isObjectOrNull },
  noticeData: json(),
  newsData: json(),
  systemNotice: json(),
  inviteCode: str(),
  inviteCodeRes: json(),
  lang: { kind: 'string', default: DEFAULT_LANG, check: isLang },
  ipxruaLanguage: { kind: 'string', default: DEFAULT_LANG, check: isLang },
  mainInd: str('SMA'),
  subInd: str('VOL'),
  coinData: json(),
  coinList: list(),
  coinCollectList: list(),
  contractsCoinData: json(),
  tradeCoinData: json(),
  coinAccountList: list(),
  coinRechargeData: json(),
  stockOfflineData: json(),
  rechargeRecordData: json(),
  withdrawRecordData: json(),
  searchHistoryData: list(),
  loginInfo: { kind: 'json', default: null, check: isObjectOrNull },
  countryList: list(),
  robotData: json(),
  robotDetailData: json(),
  stockData: json(),
  aiProfitRecord: list(),
  randomUserId: str(),
  systemTradeType: str('coin'),
  systemRouter: str('/pages/tabbar/home'),
  stockCountry: str('PK'),
  areaCode: str('+92'),
  positionTab: { kind: 'memory', default: 0 },
  rememberAccount: { kind: 'json', default: null, check: isObjectOrNull },
  // ---- location (issue 19)
  serviceCity: str(),
};

/** A fresh copy of a key's default, so that callers mutating an array never change the table. */
export function storageDefault<K extends StorageKey>(key: K): StorageSchema[K] {
  const def = STORAGE_KEYS[key].default;
  return (typeof def === 'object' && def !== null ? structuredClone(def) : def) as StorageSchema[K];
}
