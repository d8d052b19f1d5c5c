// What the worker would post for each indicator, for k-line component tests: `useIndicator` of
// src/market/hooks.ts reads this feed (and notes which indicators were asked for); a test sets views and the
// chart re-renders. The test owns the feed (vi.hoisted, so the hoisted mock can see it):
//   const ind = await vi.hoisted(async () => (await import('./indicator-mock.ts')).indicatorFeed());
//   vi.mock('../../../../src/market/hooks.ts', async (original) =>
//     (await import('./indicator-mock.ts')).indicatorHooks(await original<object>(), ind));
import { useSyncExternalStore } from 'react';
import { EMPTY_INDICATOR } from '../../../../src/market/atoms.ts';
import type { IndicatorView } from '../../../../src/market/hooks.ts';

export interface IndicatorFeed {
  views: Record<string, IndicatorView>;
  /** Indicator names the chart asked for. */
  asked: Set<string>;
  listeners: Set<() => void>;
  /** Merges `views` into the feed and re-renders its readers. */
  set(views: Record<string, IndicatorView>): void;
}

export function indicatorFeed(): IndicatorFeed {
  return {
    views: {},
    asked: new Set(),
    listeners: new Set(),
    set(views) {
      this.views = { ...this.views, ...views };
      this.listeners.forEach((l) => l());
    },
  };
}

/** The hooks module with `useIndicator` reading `feed` (the rest as the real module has it). */
export function indicatorHooks(original: object, feed: IndicatorFeed): object {
  return {
    ...original,
    useIndicator: (_s: string, _iv: string, name: string) => {
      feed.asked.add(name);
      return useSyncExternalStore(
        (l) => {
          feed.listeners.add(l);
          return () => feed.listeners.delete(l);
        },
        () => feed.views[name] ?? EMPTY_INDICATOR,
      );
    },
  };
}
