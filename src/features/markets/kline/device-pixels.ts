// Sharp charts on high-density screens. lightweight-charts sizes each canvas's bitmap from ResizeObserver's
// device-pixel-content-box when the browser has one. Chromium's device emulation (DevTools, Lighthouse's
// mobile preset, our browser tests at deviceScaleFactor 2) reports that box in CSS pixels while
// devicePixelRatio says 2, so the chart drew at 1× on a 2× screen: soft candles, blurred axis text. A real 2×
// screen reports it right. This measures once, on a probe, whether the box agrees with devicePixelRatio; where
// it does not, it hides the box from ResizeObserverEntry, and the library takes its other documented path
// (client size × devicePixelRatio, following ratio changes). Nothing else in the app reads that box (the
// painted market cells size themselves from devicePixelRatio: src/market/cells.ts).

/** The probe's CSS size: large enough that a 1.25× ratio shows as a whole-pixel difference. */
const PROBE_PX = 100;
/** Give up waiting for the observer after this long (a hidden tab renders no frames); trust the box then. */
const PROBE_TIMEOUT_MS = 1000;

let state: 'unchecked' | 'checked' = 'unchecked';
let pending: Promise<void> | null = null;

/** Whether the probe's device-pixel box is the CSS box × devicePixelRatio (within a pixel of rounding). */
export function devicePixelBoxAgrees(cssPx: number, devicePx: number, ratio: number): boolean {
  return Math.abs(devicePx - cssPx * ratio) <= 1;
}

function done(): void {
  state = 'checked';
}

/**
 * Runs the check once per page and returns null once it has run (at once where there is nothing to check: no
 * ResizeObserver or no device-pixel box, where the library uses devicePixelRatio itself, or a 1× screen);
 * otherwise the promise of it, shared by every caller (the chart suspends on it for the frame it takes).
 */
export function devicePixelCheck(win: Window & typeof globalThis = window): Promise<void> | null {
  if (state === 'checked') return null;
  if (pending) return pending;
  const Entry = win.ResizeObserverEntry as typeof ResizeObserverEntry | undefined;
  const ratio = win.devicePixelRatio || 1;
  if (!win.ResizeObserver || !Entry || !('devicePixelContentBoxSize' in Entry.prototype) || ratio === 1) {
    done();
    return null;
  }
  pending = new Promise<void>((resolve) => {
    const doc = win.document;
    const probe = doc.createElement('div');
    probe.setAttribute('aria-hidden', 'true');
    probe.style.cssText = `position:fixed;inset-block-start:0;inset-inline-start:0;inline-size:${PROBE_PX}px;block-size:1px;visibility:hidden;pointer-events:none`;
    let timer = 0;
    const finish = (agrees: boolean) => {
      ro.disconnect();
      probe.remove();
      win.clearTimeout(timer);
      if (!agrees) Reflect.deleteProperty(Entry.prototype, 'devicePixelContentBoxSize');
      done();
      pending = null;
      resolve();
    };
    const ro = new win.ResizeObserver((entries) => {
      const box = entries[0]?.devicePixelContentBoxSize?.[0];
      const css = entries[0]?.contentBoxSize?.[0];
      if (!box || !css) return finish(true);
      finish(devicePixelBoxAgrees(css.inlineSize, box.inlineSize, ratio));
    });
    timer = win.setTimeout(() => finish(true), PROBE_TIMEOUT_MS);
    doc.body.append(probe);
    ro.observe(probe, { box: 'device-pixel-content-box' });
  });
  return pending;
}
