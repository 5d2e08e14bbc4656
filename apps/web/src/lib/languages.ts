/** The languages ideas and keywords are written in (doc2 §1: en, tr, es, fr, de), by their own names. */
export const IDEA_LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'tr', label: 'Türkçe' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
] as const;

export type IdeaLanguage = (typeof IDEA_LANGUAGES)[number]['value'];

export function languageName(code: string): string {
  return IDEA_LANGUAGES.find((l) => l.value === code)?.label ?? code;
}
