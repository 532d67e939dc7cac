// A tiny seeded PRNG (cyrb128 hash → sfc32) so the sandbox web is the same on every machine
// and every run. Math.random is never used: tests assert against the generated records.

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Whole number in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** Several distinct items. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRng(seed: string): Rng {
  let [a, b, c, d] = cyrb128(seed);
  const next = (): number => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next(); // warm up: nearby seeds diverge at once
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (entries) => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1][0];
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
    sample: (items, count) => rng.shuffle(items).slice(0, count),
  };
  return rng;
}

/**
 * A shuffled "deck" with each value in proportion to its weight (each at least `minEach`
 * times when there is room), so rare features appear a known number of times whatever
 * the seed — independent coin flips could leave a 3% fault out of 240 sites entirely.
 */
export function deal<T>(rng: Rng, count: number, entries: readonly (readonly [T, number])[], minEach = 3): T[] {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  const floor = count >= entries.length * minEach * 4 ? minEach : 0;
  const counts = entries.map(([, w]) => Math.max(floor, Math.round((w / total) * count)));
  // Fix rounding on the most common value so the deck has exactly `count` cards.
  const largest = counts.indexOf(Math.max(...counts));
  counts[largest] = Math.max(0, counts[largest] + count - counts.reduce((s, n) => s + n, 0));
  const deck: T[] = [];
  entries.forEach(([value], i) => {
    for (let n = 0; n < counts[i]; n++) deck.push(value);
  });
  while (deck.length < count) deck.push(entries[largest][0]);
  return rng.shuffle(deck).slice(0, count);
}
