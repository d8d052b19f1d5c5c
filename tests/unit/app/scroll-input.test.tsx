// @vitest-environment jsdom
// The React root skips wheel and touchmove listeners (a scroll's per-frame inputs stay off the main thread)
// and keeps every other event, touchstart and touchend included.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SKIPPED_ROOT_EVENTS, skipScrollInputListeners } from '../../../src/app/scroll-input.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => void (document.body.innerHTML = ''));

function mount(skip: boolean) {
  const root = document.createElement('div');
  document.body.append(root);
  const added: string[] = [];
  const native = root.addEventListener.bind(root);
  root.addEventListener = ((type: string, l: EventListener, o?: AddEventListenerOptions) => {
    added.push(type);
    native(type, l, o);
  }) as HTMLElement['addEventListener'];
  if (skip) skipScrollInputListeners(root);
  const seen: string[] = [];
  const on = (e: { type: string }) => void seen.push(e.type);
  act(() =>
    createRoot(root).render(
      // The handlers ESLint forbids in src/, here to show the root no longer delivers them.
      <div data-testid="t" onWheel={on} onTouchMove={on} onTouchStart={on} onTouchEnd={on} onClick={on} />,
    ),
  );
  const el = root.querySelector('[data-testid="t"]')!;
  const fire = (type: string) => act(() => void el.dispatchEvent(new Event(type, { bubbles: true })));
  return { added, seen, fire };
}

describe('skipScrollInputListeners', () => {
  it('keeps React from listening for wheel and touchmove on the root', () => {
    const { added, seen, fire } = mount(true);
    expect([...SKIPPED_ROOT_EVENTS].sort()).toEqual(['touchmove', 'wheel']);
    expect(added).not.toContain('wheel');
    expect(added).not.toContain('touchmove');
    for (const type of ['wheel', 'touchmove', 'touchstart', 'touchend', 'click']) fire(type);
    expect(seen).toEqual(['touchstart', 'touchend', 'click']);
  });

  it('is what changes it: an unwrapped root delivers all five', () => {
    const { added, seen, fire } = mount(false);
    expect(added).toEqual(expect.arrayContaining(['wheel', 'touchmove', 'touchstart', 'touchend', 'click']));
    for (const type of ['wheel', 'touchmove', 'touchstart', 'touchend', 'click']) fire(type);
    expect(seen).toEqual(['wheel', 'touchmove', 'touchstart', 'touchend', 'click']);
  });

  it('leaves native listeners on other elements alone', () => {
    mount(true);
    const canvas = document.createElement('canvas');
    document.body.append(canvas);
    const zoom = vi.fn();
    canvas.addEventListener('wheel', zoom, { passive: true });
    canvas.dispatchEvent(new Event('wheel'));
    expect(zoom).toHaveBeenCalledOnce();
  });
});
