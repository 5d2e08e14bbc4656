import { useLingui } from '@lingui/react/macro';
import { activateLocale, LOCALES, type Locale } from '../../lib/i18n';

/** The EN/TR switch of the top bar; the choice is remembered across logouts. */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  return (
    <div
      role="group"
      aria-label={t`Language`}
      className="inline-flex overflow-hidden rounded-md border border-slate-300"
    >
      {LOCALES.map((locale: Locale) => {
        const active = i18n.locale === locale;
        return (
          <button
            key={locale}
            type="button"
            lang={locale}
            aria-pressed={active}
            onClick={() => activateLocale(locale)}
            className={`px-2.5 py-1 text-xs font-semibold uppercase focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-600 ${
              active ? 'bg-slate-900 text-white' : 'bg-white text-slate-700 hover:bg-slate-100'
            }`}
          >
            {locale}
          </button>
        );
      })}
    </div>
  );
}
