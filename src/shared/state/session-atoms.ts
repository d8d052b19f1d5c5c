// Session state (spec §4) as atoms that mirror client storage. Shared because every feature and the route
// guard ask "logged in?"; storage stays the source of truth (the API client clears it on -1000, other tabs
// change it) and bindSessionToStorage keeps these atoms in step.
import type { AccountType, LoginInfo, UserInfo } from '../../../workers/protocol/api.ts';
import { storage } from '../storage/storage.ts';
import { appStore, atom } from './jotai.ts';

export const tokenAtom = atom<string>(storage.get('userToken'));
export const accountTypeAtom = atom<AccountType>(storage.get('userAccountType'));
export const userInfoAtom = atom<UserInfo | null>(storage.get('userInfo'));
export const loginInfoAtom = atom<LoginInfo | null>(storage.get('loginInfo'));

/** Spec §4: a user is logged in when a userToken exists. */
export const isLoggedInAtom = atom((get) => get(tokenAtom) !== '');

/** Re-reads every session key from storage (start-up, and after tests swap storage contents). */
export function syncSessionFromStorage(): void {
  appStore.set(tokenAtom, storage.get('userToken'));
  appStore.set(accountTypeAtom, storage.get('userAccountType'));
  appStore.set(userInfoAtom, storage.get('userInfo'));
  appStore.set(loginInfoAtom, storage.get('loginInfo'));
}

/** Subscribes the atoms to storage; returns the unsubscribe. Call once at start-up. */
export function bindSessionToStorage(): () => void {
  syncSessionFromStorage();
  const offs = [
    storage.subscribe('userToken', (v) => appStore.set(tokenAtom, v)),
    storage.subscribe('userAccountType', (v) => appStore.set(accountTypeAtom, v)),
    storage.subscribe('userInfo', (v) => appStore.set(userInfoAtom, v)),
    storage.subscribe('loginInfo', (v) => appStore.set(loginInfoAtom, v)),
  ];
  return () => offs.forEach((off) => off());
}

/** Logged-in check outside React (route guard). */
export function isLoggedIn(): boolean {
  return appStore.get(isLoggedInAtom);
}
