/** FNV-1a: a stable 32-bit hash, so the same inputs give the same draft on every machine. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) derived from the seed and a label (a field path), independent of call order. */
export function unit(seed: number, label: string): number {
  let h = hash(`${seed}:${label}`);
  // One round of mulberry32 mixing spreads nearby labels apart.
  h = Math.imul(h ^ (h >>> 15), h | 1);
  h ^= h + Math.imul(h ^ (h >>> 7), h | 61);
  return ((h ^ (h >>> 14)) >>> 0) / 4294967296;
}

export function pickIndex(length: number, seed: number, label: string): number {
  return Math.floor(unit(seed, label) * length);
}
