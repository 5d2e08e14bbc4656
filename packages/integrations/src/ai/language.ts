export const offlineLanguages = ['en', 'tr', 'es', 'fr', 'de'] as const;
export type OfflineLanguage = (typeof offlineLanguages)[number];

/** `tr-TR`, `TR`, `tr_TR` → `tr`; a language without offline templates falls back to English. */
export function offlineLanguage(language: string): OfflineLanguage {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (offlineLanguages as readonly string[]).includes(base) ? (base as OfflineLanguage) : 'en';
}

/** English name of a language code for the model's instructions (`tr` → `Turkish`). */
export function languageName(language: string): string {
  const code = language.trim() || 'en';
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
    if (name && name !== code) return name;
  } catch {
    // An invalid tag (e.g. `english`) is passed on as written: the model still understands it.
  }
  return code;
}
