// @vitest-environment jsdom
// The app's default storage instance over the real (jsdom) localStorage, including changes from other tabs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setLang, storage, switchAccountType } from '../../../../src/shared/storage/storage.ts';

afterEach(() => localStorage.clear());

describe('default storage', () => {
  it('writes to window.localStorage under the spec key names', () => {
    storage.set('userTokenReal', 'r');
    storage.set('userTokenDemo', 'd');
    switchAccountType('demo');
    expect(localStorage.getItem('userToken')).toBe('d');
    expect(localStorage.getItem('userAccountType')).toBe('demo');
    setLang('en-US');
    expect(localStorage.getItem('lang')).toBe('en-US');
    expect(localStorage.getItem('ipxruaLanguage')).toBe('en-US');
    clearSession();
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(storage.get('userAccountType')).toBe('real');
  });

  it('passes a change made in another tab to subscribers', () => {
    const listener = vi.fn();
    const off = storage.subscribe('userToken', listener);
    localStorage.setItem('userToken', 'from-other-tab');
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'userToken',
        newValue: 'from-other-tab',
        storageArea: localStorage,
      }),
    );
    off();
    expect(listener).toHaveBeenCalledWith('from-other-tab');
  });
});
