/**
 * Deterministic randomness: a string hash for seeds and a small PRNG. The simulator's answers must be the same for
 * the same request on every run and machine, so nothing here reads the clock or Math.random.
 */

/**
 * Math's functions held here: a global read on every call is slow where a test runner evaluates modules in a vm
 * context (jest), and the simulator draws millions of numbers.
 */
const { imul, floor, min: mathMin, round: mathRound, exp, log } = Math;

/** 32-bit FNV-1a with a murmur3 finalizer (FNV alone mixes the last characters poorly). */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = imul(h, 0x01000193);
  }
  return finalize(h);
}

/** Combines two 32-bit values into a new well-mixed seed. */
export function mix(a: number, b: number): number {
  return finalize(imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ imul(b + 0x7f4a7c15, 0xc2b2ae35));
}

function finalize(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: fast, small state, good enough for plausible test data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max) rounded to `decimals` places. */
  float(min: number, max: number, decimals = 2): number {
    return round(min + this.next() * (max - min), decimals);
  }

  /** Log-uniform: small values as likely per decade as large ones (counts, ranks, volumes). */
  logUniform(min: number, max: number): number {
    return mathRound(exp(log(min) + this.next() * (log(max) - log(min))));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[floor(this.next() * items.length)];
  }

  /** `count` distinct items in random order (all of them when count >= items.length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = mathMin(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }

  /** `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[floor(this.next() * alphabet.length)];
    return out;
  }
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return mathRound(value * factor) / factor;
}
