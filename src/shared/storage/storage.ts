// The one typed door to client storage (spec §3): get/set/remove by the keys of storage-keys.ts with
// their defaults, the session rules of spec §4 (clear, switch real/demo), and change subscriptions for atoms.
import type { AccountType, Lang, LoginResult } from '../../../workers/protocol/api.ts';
import { STORAGE_KEYS, storageDefault, type StorageKey, type StorageSchema } from './storage-keys.ts';

/** The part of the Web Storage API we use; tests inject an in-memory one. */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type StorageListener<K extends StorageKey> = (value: StorageSchema[K]) => void;

/** What spec §4 clears on sign-out and on code -1000 (plus loginInfo, the cached copy of the same user). */
export const SESSION_KEYS = [
  'userInfo',
  'noticeData',
  'newsData',
  'userToken',
  'userTokenDemo',
  'userTokenReal',
  'userAccountType',
  'loginInfo',
] as const satisfies readonly StorageKey[];

/** localStorage when the page may use it; reading it throws in some privacy modes, hence the probe. */
function browserBackend(): StorageBackend | null {
  try {
    const ls = globalThis.localStorage as Storage | undefined;
    if (!ls) return null;
    ls.getItem('lang');
    return ls;
  } catch {
    return null;
  }
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface TypedStorage {
  get<K extends StorageKey>(key: K): StorageSchema[K];
  set<K extends StorageKey>(key: K, value: StorageSchema[K]): void;
  remove(key: StorageKey): void;
  /** Calls `listener` with the new value after every change of `key` (here or in another tab). */
  subscribe<K extends StorageKey>(key: K, listener: StorageListener<K>): () => void;
  /** Spec §4: drops user info, notices, news and the three tokens; the account type reads 'real' again. */
  clearSession(): void;
  /** Makes the current token the one of `type` (spec §4: each account has its own token). */
  switchAccountType(type: AccountType): void;
  /** Stores the language as both `lang` and `ipxruaLanguage`. */
  setLang(lang: Lang): void;
  /** Keeps a login or register answer: both tokens, the account type, the current token and the user. */
  saveLogin(result: LoginResult): void;
}

/**
 * Builds a storage over `backend` (default: localStorage, else memory only). Writes that the backend refuses
 * (quota, privacy mode) are kept in memory so the session still works until the page is closed.
 */
export function createStorage(backend: StorageBackend | null = browserBackend()): TypedStorage {
  const memory = new Map<StorageKey, unknown>();
  const listeners = new Map<StorageKey, Set<(value: never) => void>>();

  function notify(key: StorageKey): void {
    const set = listeners.get(key);
    if (!set || set.size === 0) return;
    const value = get(key);
    for (const listener of set) (listener as (v: unknown) => void)(value);
  }

  function read(key: StorageKey): string | null {
    try {
      return backend?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  function get<K extends StorageKey>(key: K): StorageSchema[K] {
    const spec = STORAGE_KEYS[key];
    if (key === 'lang' && !memory.has('lang') && read('lang') === null) return get('ipxruaLanguage') as never;
    if (key === 'randomUserId' && !memory.has(key) && !read(key)) {
      set('randomUserId', randomId());
    }
    if (spec.kind === 'memory' || memory.has(key)) {
      return (memory.has(key) ? memory.get(key) : storageDefault(key)) as StorageSchema[K];
    }
    const raw = read(key);
    if (raw === null) return storageDefault(key);
    let value: unknown = raw;
    if (spec.kind === 'json') {
      try {
        value = JSON.parse(raw);
      } catch {
        return storageDefault(key);
      }
    }
    if (spec.check && !spec.check(value)) return storageDefault(key);
    return value as StorageSchema[K];
  }

  function write(key: StorageKey, value: unknown): void {
    const spec = STORAGE_KEYS[key];
    if (spec.kind !== 'memory' && backend) {
      try {
        backend.setItem(key, spec.kind === 'json' ? JSON.stringify(value) : String(value));
        memory.delete(key);
        return;
      } catch {
        // fall through to memory
      }
    }
    memory.set(key, value);
  }

  function set<K extends StorageKey>(key: K, value: StorageSchema[K]): void {
    if (key === 'lang' || key === 'ipxruaLanguage') {
      write('lang', value);
      write('ipxruaLanguage', value);
      notify('lang');
      notify('ipxruaLanguage');
      return;
    }
    write(key, value);
    notify(key);
  }

  function remove(key: StorageKey): void {
    memory.delete(key);
    try {
      backend?.removeItem(key);
    } catch {
      // nothing stored to remove
    }
    notify(key);
  }

  function subscribe<K extends StorageKey>(key: K, listener: StorageListener<K>): () => void {
    let set = listeners.get(key);
    if (!set) listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  // Another tab changed localStorage: tell subscribers so both tabs show the same session and language.
  if (backend && typeof window !== 'undefined' && backend === browserBackend()) {
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== backend) return;
      const keys = event.key === null ? [...listeners.keys()] : [event.key];
      for (const key of keys) if (key in STORAGE_KEYS) notify(key as StorageKey);
    });
  }

  return {
    get,
    set,
    remove,
    subscribe,
    clearSession() {
      for (const key of SESSION_KEYS) remove(key);
    },
    switchAccountType(type) {
      set('userAccountType', type);
      set('userToken', get(type === 'real' ? 'userTokenReal' : 'userTokenDemo'));
    },
    setLang(lang) {
      set('lang', lang);
    },
    saveLogin(result) {
      set('userTokenReal', result.tokenReal);
      set('userTokenDemo', result.tokenDemo);
      set('userAccountType', result.accountType);
      set('userToken', result.token);
      set('userInfo', result.user);
    },
  };
}

/** The app's storage. */
export const storage: TypedStorage = createStorage();

export const clearSession = (): void => storage.clearSession();
export const switchAccountType = (type: AccountType): void => storage.switchAccountType(type);
export const setLang = (lang: Lang): void => storage.setLang(lang);
export const saveLogin = (result: LoginResult): void => storage.saveLogin(result);
