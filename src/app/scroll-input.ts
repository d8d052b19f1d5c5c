// React listens on its root container for every event it supports, among them the two inputs a scroll sends
// every frame: wheel and touchmove (passive listeners). A listener of either anywhere on the event's path
// makes Chromium hand each such event to the main thread while the compositor scrolls, so a finger dragging
// or a wheel turning over a list cost a main-thread task per frame for handlers no component has: dispatching
// wheel events took about 1.5 % of the main thread in the positions bench (10,000 rows scrolling).
//
// The app has no onWheel or onTouchMove handlers (ESLint forbids them in src/), so the root skips those two
// listeners and a scroll's input stays on the compositor. touchstart and touchend stay: they come once per
// gesture, and iOS Safari shows :active press feedback only where a touchstart listener exists. Native
// listeners (the chart's own wheel zoom, for one) are untouched: only the root element is wrapped.

/** The per-frame scroll inputs no React handler may take (see the ESLint rule in eslint.config.js). */
export const SKIPPED_ROOT_EVENTS: ReadonlySet<string> = new Set(['wheel', 'touchmove']);

/** Makes `root` (the element for createRoot, before the call) skip React's wheel and touchmove listeners. */
export function skipScrollInputListeners(root: HTMLElement): void {
  const add = root.addEventListener.bind(root);
  root.addEventListener = ((
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) => {
    if (!SKIPPED_ROOT_EVENTS.has(type)) add(type, listener, options);
  }) as HTMLElement['addEventListener'];
}
