// A part of a screen that is not shown at first (the drawer, a details sheet, a pop-up) as its own chunk, so the
// app's first load does not carry it: fetched when first rendered (or earlier through `preload`, e.g. on the
// press that will open it). While it loads, nothing is shown; if it cannot be fetched (offline before the
// service worker holds it), nothing is shown and the next render tries again. The service worker precaches it.
import { lazy, Suspense, type ComponentType, type JSX } from 'react';

const Nothing = () => null;

export interface LazyPart<P extends object> {
  (props: P): JSX.Element;
  /** Fetches the chunk now (no-op once fetched). */
  preload: () => void;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let fetched: Promise<ComponentType<P>> | null = null;
  const fetch = () => {
    fetched ??= load().catch((err: unknown) => {
      fetched = null;
      throw err;
    });
    return fetched;
  };
  const make = () =>
    lazy(() =>
      fetch().then(
        (c) => ({ default: c }),
        () => {
          Loaded = make(); // the next render tries again
          return { default: Nothing as ComponentType<P> };
        },
      ),
    );
  let Loaded = make();
  const Part = (props: P) => (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
  Part.preload = () => void fetch().catch(() => undefined);
  return Part;
}
