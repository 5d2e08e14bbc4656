import type { NumberKind } from './fields';
import { unit } from './hash';
import type { Slot } from './slot';

export interface NumberLimits {
  integer: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

// Plausible ranges when the schema gives none.
const DEFAULT_RANGE: Record<NumberKind, [number, number]> = {
  score: [1, 5],
  volume: [100, 10_000],
  difficulty: [5, 80],
  price: [0.2, 4],
  count: [800, 2000],
  position: [1, 1],
  generic: [1, 100],
};

export function numberValue(kind: NumberKind, slot: Slot, limits: NumberLimits): number {
  const step = limits.multipleOf ?? (limits.integer ? 1 : kind === 'price' ? 0.01 : 0.1);
  const lowGiven =
    limits.minimum ?? (limits.exclusiveMinimum !== undefined ? limits.exclusiveMinimum + step : undefined);
  const highGiven =
    limits.maximum ?? (limits.exclusiveMaximum !== undefined ? limits.exclusiveMaximum - step : undefined);
  let [low, high] = DEFAULT_RANGE[kind];
  if (kind === 'position') [low, high] = [slot.index + 1, slot.index + 1];
  // A narrow range given by the schema is used as it is; a wide one (`nonnegative()` reaches 2^53)
  // only bounds the plausible default.
  const narrow = lowGiven !== undefined && highGiven !== undefined && highGiven - lowGiven <= 1_000_000;
  if (narrow) [low, high] = [lowGiven, highGiven];
  else {
    const floor = lowGiven ?? -Infinity;
    const ceiling = highGiven ?? Infinity;
    low = Math.min(Math.max(low, floor), ceiling);
    high = Math.min(Math.max(high, floor), ceiling);
  }
  // Scores lean to the upper half: a draft offered for review is one worth reviewing.
  const r = unit(slot.ctx.seed, slot.path);
  const t = kind === 'score' ? 0.5 + r * 0.5 : r;
  const raw = low + t * (high - low);
  let value = Math.round(raw / step) * step;
  if (value > high) value -= step;
  if (value < low) value += step;
  return Number(value.toFixed(6));
}
