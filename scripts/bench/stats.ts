// Percentiles and summaries for the benchmarks (nearest-rank, like scripts/bench.ts).

export interface Summary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of sorted values: p99 of 1,000 samples is the 990th fastest. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  const list = Array.from(sorted);
  return {
    count: list.length,
    p50: percentile(list, 50),
    p90: percentile(list, 90),
    p99: percentile(list, 99),
    max: list.at(-1) ?? 0,
    mean: list.length ? sum / list.length : 0,
  };
}

/** A small seeded PRNG (mulberry32), so two runs with the same --seed load the same data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks by weight: weights { a: 3, b: 1 } gives a three times as often as b. */
export function weightedPicker<T extends string | number>(weights: readonly (readonly [T, number])[], random: () => number): () => T {
  const total = weights.reduce((s, [, w]) => s + w, 0);
  return () => {
    let x = random() * total;
    for (const [value, w] of weights) {
      x -= w;
      if (x < 0) return value;
    }
    return weights.at(-1)![0];
  };
}

export function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
