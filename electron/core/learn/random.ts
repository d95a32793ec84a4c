// One seeded generator for everything that must repeat exactly: fold assignments and bootstrap draws,
// Louvain's visiting order, the judgments' samples, benches' generated data.

/** mulberry32: a small seeded generator in [0, 1), no short cycles. */
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
