// The typed client storage of spec §3 and the session rules of spec §4, over an injected in-memory Storage.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult, UserInfo } from '../../../../workers/protocol/api.ts';
import {
  createStorage,
  type StorageBackend,
  type TypedStorage,
} from '../../../../src/shared/storage/storage.ts';
import { STORAGE_KEYS } from '../../../../src/shared/storage/storage-keys.ts';

class MemoryBackend implements StorageBackend {
  readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
}

const user: UserInfo = {
  id: 7,
  account: '+923001234567',
  status: 1,
  idStatus: 'none',
  areaCode: '+92',
  phone: '3001234567',
  accountType: 'real',
  inviteCode: 'ABC123',
  openAutoApply: 0,
  hasTradePassword: false,
  hasWithdrawPassword: false,
  createdAt: '2024-05-01 10:00:00',
};

let backend: MemoryBackend;
let storage: TypedStorage;

beforeEach(() => {
  backend = new MemoryBackend();
  storage = createStorage(backend);
});

describe('keys and defaults', () => {
  it('lists exactly the spec §3 keys plus the documented rememberAccount, serviceCity and the ipxruaLanguage mirror', () => {
    expect(Object.keys(STORAGE_KEYS).sort()).toEqual(
      [
        'userToken',
        'userTokenDemo',
        'userTokenReal',
        'userAccountType',
        'userInfo',
        'noticeData',
        'newsData',
        'systemNotice',
        'inviteCode',
        'inviteCodeRes',
        'lang',
        'ipxruaLanguage',
        'mainInd',
        'subInd',
        'coinData',
        'coinList',
        'coinCollectList',
        'contractsCoinData',
        'tradeCoinData',
        'coinAccountList',
        'coinRechargeData',
        'stockOfflineData',
        'rechargeRecordData',
        'withdrawRecordData',
        'searchHistoryData',
        'loginInfo',
        'countryList',
        'robotData',
        'robotDetailData',
        'stockData',
        'aiProfitRecord',
        'randomUserId',
        'systemTradeType',
        'systemRouter',
        'serviceCity',
        'stockCountry',
        'areaCode',
        'positionTab',
        'rememberAccount',
      ].sort(),
    );
  });

  it('returns the spec defaults on an empty storage', () => {
    expect(storage.get('userToken')).toBe('');
    expect(storage.get('userTokenDemo')).toBe('');
    expect(storage.get('userTokenReal')).toBe('');
    expect(storage.get('userAccountType')).toBe('real');
    expect(storage.get('userInfo')).toBeNull();
    expect(storage.get('lang')).toBe('ur-PK');
    expect(storage.get('ipxruaLanguage')).toBe('ur-PK');
    expect(storage.get('mainInd')).toBe('SMA');
    expect(storage.get('subInd')).toBe('VOL');
    expect(storage.get('systemTradeType')).toBe('coin');
    expect(storage.get('systemRouter')).toBe('/pages/tabbar/home');
    expect(storage.get('stockCountry')).toBe('PK');
    expect(storage.get('areaCode')).toBe('+92');
    expect(storage.get('positionTab')).toBe(0);
    expect(storage.get('aiProfitRecord')).toEqual([]);
    expect(storage.get('searchHistoryData')).toEqual([]);
    expect(storage.get('noticeData')).toBeNull();
    expect(storage.get('rememberAccount')).toBeNull();
  });

  it('hands out fresh default arrays', () => {
    storage.get('coinList').push('x');
    expect(storage.get('coinList')).toEqual([]);
  });
});

describe('reading and writing', () => {
  it('keeps strings raw and objects as JSON', () => {
    storage.set('userToken', 'tok-1');
    storage.set('userInfo', user);
    storage.set('searchHistoryData', ['OGDC', 'HBL']);
    expect(backend.getItem('userToken')).toBe('tok-1');
    expect(JSON.parse(backend.getItem('userInfo') ?? '')).toEqual(user);
    expect(storage.get('userInfo')).toEqual(user);
    expect(storage.get('searchHistoryData')).toEqual(['OGDC', 'HBL']);
  });

  it('reads values written by a previous page load', () => {
    backend.setItem('userToken', 'persisted');
    backend.setItem('coinCollectList', '[{"symbol":"BTC"}]');
    const again = createStorage(backend);
    expect(again.get('userToken')).toBe('persisted');
    expect(again.get('coinCollectList')).toEqual([{ symbol: 'BTC' }]);
  });

  it('falls back to the default on corrupt JSON or a value of the wrong shape', () => {
    backend.setItem('userInfo', '{not json');
    backend.setItem('aiProfitRecord', '{"a":1}');
    backend.setItem('loginInfo', '[1,2]');
    backend.setItem('userAccountType', 'vip');
    backend.setItem('lang', 'fr-FR');
    expect(storage.get('userInfo')).toBeNull();
    expect(storage.get('aiProfitRecord')).toEqual([]);
    expect(storage.get('loginInfo')).toBeNull();
    expect(storage.get('userAccountType')).toBe('real');
    expect(storage.get('lang')).toBe('ur-PK');
  });

  it('removes a key so that it reads as its default again', () => {
    storage.set('mainInd', 'EMA');
    storage.remove('mainInd');
    expect(backend.getItem('mainInd')).toBeNull();
    expect(storage.get('mainInd')).toBe('SMA');
  });

  it('never persists positionTab', () => {
    storage.set('positionTab', 2);
    expect(storage.get('positionTab')).toBe(2);
    expect(backend.getItem('positionTab')).toBeNull();
    expect(createStorage(backend).get('positionTab')).toBe(0);
  });

  it('keeps writes in memory when the backend refuses them', () => {
    const full: StorageBackend = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const s = createStorage(full);
    s.set('userToken', 'kept');
    expect(s.get('userToken')).toBe('kept');
    s.remove('userToken');
    expect(s.get('userToken')).toBe('');
  });

  it('works with no backend at all', () => {
    const s = createStorage(null);
    s.set('coinList', [1, 2]);
    expect(s.get('coinList')).toEqual([1, 2]);
  });
});

describe('language', () => {
  it('setLang writes lang and ipxruaLanguage', () => {
    storage.setLang('en-US');
    expect(backend.getItem('lang')).toBe('en-US');
    expect(backend.getItem('ipxruaLanguage')).toBe('en-US');
    expect(storage.get('lang')).toBe('en-US');
  });

  it('set of either name keeps both in step', () => {
    storage.set('ipxruaLanguage', 'en-US');
    expect(storage.get('lang')).toBe('en-US');
    storage.set('lang', 'ur-PK');
    expect(storage.get('ipxruaLanguage')).toBe('ur-PK');
  });

  it('reads ipxruaLanguage when only it was stored', () => {
    backend.setItem('ipxruaLanguage', 'en-US');
    expect(storage.get('lang')).toBe('en-US');
  });
});

describe('randomUserId', () => {
  it('is generated once with crypto.getRandomValues and then kept', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const id = storage.get('randomUserId');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(storage.get('randomUserId')).toBe(id);
    expect(backend.getItem('randomUserId')).toBe(id);
    expect(createStorage(backend).get('randomUserId')).toBe(id);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(createStorage(new MemoryBackend()).get('randomUserId')).not.toBe(id);
  });
});

describe('session', () => {
  const login: LoginResult = {
    token: 'demo-tok',
    tokenReal: 'real-tok',
    tokenDemo: 'demo-tok',
    accountType: 'demo',
    user,
  };

  it('saveLogin keeps both tokens, the type, the current token and the user', () => {
    storage.saveLogin(login);
    expect(storage.get('userTokenReal')).toBe('real-tok');
    expect(storage.get('userTokenDemo')).toBe('demo-tok');
    expect(storage.get('userAccountType')).toBe('demo');
    expect(storage.get('userToken')).toBe('demo-tok');
    expect(storage.get('userInfo')).toEqual(user);
  });

  it('switchAccountType makes the current token follow the account', () => {
    storage.saveLogin(login);
    storage.switchAccountType('real');
    expect(storage.get('userAccountType')).toBe('real');
    expect(storage.get('userToken')).toBe('real-tok');
    storage.switchAccountType('demo');
    expect(storage.get('userAccountType')).toBe('demo');
    expect(storage.get('userToken')).toBe('demo-tok');
  });

  it('clearSession removes user info, notices, news and the three tokens, and resets the type to real', () => {
    storage.saveLogin(login);
    storage.set('noticeData', [{ id: 1 }]);
    storage.set('newsData', { page: 1 });
    storage.set('loginInfo', { user, openAutoApply: 1, serviceSaleSmartly: '' });
    storage.set('lang', 'en-US');
    storage.set('searchHistoryData', ['HBL']);
    storage.clearSession();
    for (const key of [
      'userInfo',
      'noticeData',
      'newsData',
      'userToken',
      'userTokenDemo',
      'userTokenReal',
      'userAccountType',
      'loginInfo',
    ]) {
      expect(backend.getItem(key), key).toBeNull();
    }
    expect(storage.get('userToken')).toBe('');
    expect(storage.get('userAccountType')).toBe('real');
    expect(storage.get('userInfo')).toBeNull();
    // Preferences survive a sign-out.
    expect(storage.get('lang')).toBe('en-US');
    expect(storage.get('searchHistoryData')).toEqual(['HBL']);
  });
});

describe('subscribe', () => {
  it('tells listeners the new value after set, remove and clearSession, until unsubscribed', () => {
    const seen: string[] = [];
    const off = storage.subscribe('userToken', (v) => seen.push(v));
    storage.set('userToken', 'a');
    storage.remove('userToken');
    storage.set('userToken', 'b');
    storage.clearSession();
    off();
    storage.set('userToken', 'c');
    expect(seen).toEqual(['a', '', 'b', '']);
  });

  it('notifies both language keys', () => {
    const lang = vi.fn();
    const mirror = vi.fn();
    storage.subscribe('lang', lang);
    storage.subscribe('ipxruaLanguage', mirror);
    storage.setLang('en-US');
    expect(lang).toHaveBeenCalledWith('en-US');
    expect(mirror).toHaveBeenCalledWith('en-US');
  });

  it('notifies the account type and the token on a switch', () => {
    storage.set('userTokenDemo', 'd');
    const type = vi.fn();
    const token = vi.fn();
    storage.subscribe('userAccountType', type);
    storage.subscribe('userToken', token);
    storage.switchAccountType('demo');
    expect(type).toHaveBeenLastCalledWith('demo');
    expect(token).toHaveBeenLastCalledWith('d');
  });
});
