/**
 * A small seeded random source (mulberry32) and a normal draw from it: Thompson sampling draws
 * from it, so a test given a seed sees the same choices every run. In production the seed is
 * fresh for every choice.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal. */
  normal(): number;
}

export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    // Box–Muller; 1 - u keeps the logarithm away from 0.
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
};

/** A random source for a choice nobody needs to repeat. */
export const freshRandom = (): Random => seededRandom(Math.floor(Math.random() * 2 ** 32));
