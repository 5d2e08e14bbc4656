import { i18n } from '@lingui/core';
import { messages as en } from '../locales/en/messages.po';
import { messages as tr } from '../locales/tr/messages.po';

export const LOCALES = ['en', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];

/** Kept in local storage so the choice survives logout (core §9). */
const STORAGE_KEY = 'language';

const isLocale = (v: string | null | undefined): v is Locale => LOCALES.includes(v as Locale);

/** Detection order of core §9: local storage, browser language, the html tag; fallback en. */
export function detectLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLocale(stored)) return stored;
  for (const lang of navigator.languages ?? [navigator.language]) {
    const base = lang?.slice(0, 2).toLowerCase();
    if (isLocale(base)) return base;
  }
  const html = document.documentElement.lang?.slice(0, 2).toLowerCase();
  return isLocale(html) ? html : 'en';
}

export function activateLocale(locale: Locale, remember = true) {
  i18n.loadAndActivate({ locale, messages: locale === 'tr' ? tr : en });
  document.documentElement.lang = locale;
  if (remember) localStorage.setItem(STORAGE_KEY, locale);
}

export function initI18n() {
  const locale = detectLocale();
  activateLocale(locale, false);
  return i18n;
}

export { i18n };
