// The saved portfolios in IndexedDB (the worker's own, no library): one object store keyed by account key.
// Every call opens the database lazily once and settles; a browser that refuses IndexedDB (private mode in
// some browsers, storage full) makes loads answer null and saves do nothing — the app then simply has no
// offline copy, which it already handles.
import { keepKnown, usableRecord, type PortfolioStore, type SavedPortfolio } from './saved-portfolio.ts';

const DB_NAME = 'pk-trade-offline';
const DB_VERSION = 1;
const STORE = 'portfolios';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

export class IdbPortfolioStore implements PortfolioStore {
  private db: Promise<IDBDatabase> | null = null;

  constructor(private readonly factory: IDBFactory = indexedDB) {}

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = this.factory.open(DB_NAME, DB_VERSION);
      r.onupgradeneeded = () => {
        if (!r.result.objectStoreNames.contains(STORE))
          r.result.createObjectStore(STORE, { keyPath: 'accountKey' });
      };
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB open failed'));
      r.onblocked = () => reject(new Error('IndexedDB open blocked'));
    }).catch((err: unknown) => {
      this.db = null;
      throw err;
    });
    return this.db;
  }

  private async write(run: (store: IDBObjectStore) => void): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    run(tx.objectStore(STORE));
    await done(tx);
  }

  async load(accountKey: string): Promise<SavedPortfolio | null> {
    try {
      const db = await this.open();
      const value: unknown = await request(
        db.transaction(STORE, 'readonly').objectStore(STORE).get(accountKey),
      );
      return usableRecord(value, accountKey);
    } catch {
      return null;
    }
  }

  /** Read and written in one transaction: what the previous record knew and this one does not is kept. */
  save(p: SavedPortfolio): Promise<void> {
    return this.write((s) => {
      const prev = s.get(p.accountKey);
      prev.onsuccess = () => s.put(keepKnown(usableRecord(prev.result, p.accountKey), p));
    }).catch(() => {});
  }

  remove(accountKey: string): Promise<void> {
    return this.write((s) => s.delete(accountKey)).catch(() => {});
  }

  clear(): Promise<void> {
    return this.write((s) => s.clear()).catch(() => {});
  }
}
