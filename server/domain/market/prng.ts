// Seeded pseudo-random numbers for the market simulator (Math.random is forbidden: runs must replay under a seed).

/** mulberry32: tiny, fast, good enough for price noise; state is one 32-bit integer. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the parts, so a stream can be keyed by (seed, symbol, day) and replayed independently. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x7c; // separator, so ('ab','c') differs from ('a','bc')
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** standard normal (Box–Muller) */
  normal(): number;
  /** integer in [lo, hi] */
  int(lo: number, hi: number): number;
}

export function createRng(...key: (string | number)[]): Rng {
  const u = mulberry32(hashSeed(...key));
  let spare: number | null = null;
  return {
    next: u,
    normal() {
      if (spare !== null) {
        const s = spare;
        spare = null;
        return s;
      }
      let a = u();
      while (a <= Number.EPSILON) a = u();
      const b = u();
      const r = Math.sqrt(-2 * Math.log(a));
      spare = r * Math.sin(2 * Math.PI * b);
      return r * Math.cos(2 * Math.PI * b);
    },
    int(lo, hi) {
      return lo + Math.floor(u() * (hi - lo + 1));
    },
  };
}
