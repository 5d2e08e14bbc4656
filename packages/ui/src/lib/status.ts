/** Colour tones of status badges (core spec §4). */
export type StatusTone = 'green' | 'yellow' | 'red' | 'blue' | 'orange' | 'grey';

/**
 * The spec's colour map for statuses and priorities (core §4). Anything not listed is grey.
 * Keys are the normalised status (lower case, spaces and hyphens as underscores).
 */
export const STATUS_TONES: Readonly<Record<string, StatusTone>> = Object.freeze({
  active: 'green',
  approved: 'green',
  published: 'green',
  ready: 'green',
  low: 'green',
  pending: 'yellow',
  pending_review: 'yellow',
  draft: 'yellow',
  medium: 'yellow',
  rejected: 'red',
  archived: 'red',
  inactive: 'red',
  high: 'red',
  promoted: 'blue',
  assigned: 'blue',
  review: 'blue',
  needs_rewrite: 'orange',
});

/** Lower case, trimmed, with spaces and hyphens turned into underscores ("Pending Review" → "pending_review"). */
export function normalizeStatus(status: string | null | undefined): string {
  return (status ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** The colour tone of a status: green, yellow, red, blue, orange, or grey for anything else. */
export function statusTone(status: string | null | undefined): StatusTone {
  const key = normalizeStatus(status);
  return Object.prototype.hasOwnProperty.call(STATUS_TONES, key) ? (STATUS_TONES[key] as StatusTone) : 'grey';
}

/** "pending_review" → "Pending review": the fallback label of a status nobody translated. */
export function humanizeStatus(status: string | null | undefined): string {
  const words = normalizeStatus(status).replace(/_+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}
