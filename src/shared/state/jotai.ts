// The app's one jotai store and the only door to jotai: features and shared code import atoms and hooks from
// here, so the market bridge, the API handlers and React all read and write the same store.
import { createElement, type ReactNode } from 'react';
import { createStore, Provider } from 'jotai';

export { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';

export const appStore = createStore();

/** Wraps the React tree so hooks use `appStore` (also reachable outside React, e.g. from the API handlers). */
export function StoreProvider({ children }: { children: ReactNode }) {
  return createElement(Provider, { store: appStore }, children);
}
