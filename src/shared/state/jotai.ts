// The app's one jotai store and the only door to jotai and jotai-family: features, shared code and the market
// bridge import atoms, families and hooks from here (ESLint's boundaries/jotai-wrapper forbids any other
// importer), so the bridge, the API handlers and React all read and write the same store.
import { createElement, type ReactNode } from 'react';
import { createStore, Provider } from 'jotai';

export { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';
export { atomFamily } from 'jotai-family';

export const appStore = createStore();

/** Wraps the React tree so hooks use `appStore` (also reachable outside React, e.g. from the API handlers). */
export function StoreProvider({ children }: { children: ReactNode }) {
  return createElement(Provider, { store: appStore }, children);
}
