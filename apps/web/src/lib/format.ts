import { i18n } from '@lingui/core';

/** User dates are shown in the Turkish locale format whatever the UI language (core §9). */
export function formatUserDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString('tr-TR', { dateStyle: 'short', timeStyle: 'short' });
}

/** A time without the year, short enough for a chart's axis ("26/11 14:05"), the same Turkish way. */
export function formatUserDayTime(iso: string): string {
  const d = new Date(iso);
  const day = d.toLocaleDateString('tr-TR', { day: '2-digit', month: '2-digit' });
  return `${day} ${d.toLocaleTimeString('tr-TR', { hour: '2-digit', minute: '2-digit' })}`;
}

export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(i18n.locale === 'tr' ? 'tr-TR' : 'en-US', options).format(n);
}

/**
 * A percentage given as 0–100, in the screen's language ("50.5%", Turkish "%50,5"), with at most
 * `digits` decimals (exactly that many with `fixed`).
 */
export function formatPercent(percent: number, digits = 1, fixed = false): string {
  return formatNumber(percent / 100, {
    style: 'percent',
    minimumFractionDigits: fixed ? digits : 0,
    maximumFractionDigits: digits,
  });
}

/** A long text cut for a line (a toast, a card), with an ellipsis when cut. */
export function shortText(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** Scores on the 0–10 scale, shown as x.x/10. */
export function formatScore(n: number): string {
  return `${formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}/10`;
}
