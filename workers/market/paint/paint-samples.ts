// Bench only (init's benchPaint): tick-to-paint of worker-painted cells. Each painted ticker's feed time is
// marked; the sample is taken at the worker's next animation frame, i.e. once the drawing has been committed,
// as the page probe does for main-thread rows (≤ 64 marks a frame: plenty for p99).
const PER_FRAME = 64;
const MAX_SAMPLES = 50_000;

export class PaintSamples {
  private pending: number[] = [];
  private taken: number[] = [];
  private queued = false;

  constructor(
    private readonly frame: (cb: () => void) => void,
    private readonly clock: () => number,
  ) {}

  mark(feedTime: number): void {
    if (this.pending.length < PER_FRAME) this.pending.push(feedTime);
    if (this.queued) return;
    this.queued = true;
    this.frame(() => {
      this.queued = false;
      const t = this.clock();
      for (const f of this.pending) if (this.taken.length < MAX_SAMPLES) this.taken.push(t - f);
      this.pending = [];
    });
  }

  take(): number[] {
    const out = this.taken;
    this.taken = [];
    return out;
  }
}
