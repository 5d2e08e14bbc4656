import type { BadgeVariant } from '@blogfleet/ui';

/** doc2 §9: a score on the 10-point scale is good from 7, medium from 5, poor below. */
export function tenPointVariant(score: number): BadgeVariant {
  if (score >= 7) return 'success';
  return score >= 5 ? 'warning' : 'danger';
}
