import type { BadgeVariant, ProgressTone } from '@blogfleet/ui';

/** doc2 §9: a score on the 10-point scale is good from 7, medium from 5, poor below. */
export function tenPointVariant(score: number): BadgeVariant {
  if (score >= 7) return 'success';
  return score >= 5 ? 'warning' : 'danger';
}

/** doc2 §9: a score on the 0–5 scale (ideas, outcomes) is green from 4, yellow from 3, red below. */
export function fivePointTone(score: number): ProgressTone {
  if (score >= 4) return 'green';
  return score >= 3 ? 'yellow' : 'red';
}
