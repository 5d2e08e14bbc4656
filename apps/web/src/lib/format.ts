import { i18n } from '@lingui/core';

/** User dates are shown in the Turkish locale format whatever the UI language (core §9). */
export function formatUserDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString('tr-TR', { dateStyle: 'short', timeStyle: 'short' });
}

export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(i18n.locale === 'tr' ? 'tr-TR' : 'en-US', options).format(n);
}

/** Scores on the 0–10 scale, shown as x.x/10. */
export function formatScore(n: number): string {
  return `${formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}/10`;
}
