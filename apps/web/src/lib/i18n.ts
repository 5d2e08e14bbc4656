import { i18n, type Messages } from '@lingui/core';

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

/** Each language's catalog is its own file, fetched when first used: a page loads one language, not all. */
const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  tr: () => import('../locales/tr/messages.po'),
};

/** Switches the interface language (the catalog is fetched first if this page has not used it yet). */
export async function activateLocale(locale: Locale, remember = true): Promise<void> {
  if (remember) localStorage.setItem(STORAGE_KEY, locale);
  const { messages } = await CATALOGS[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** The detected language, active before the first render. */
export async function initI18n() {
  await activateLocale(detectLocale(), false);
  return i18n;
}

export { i18n };
