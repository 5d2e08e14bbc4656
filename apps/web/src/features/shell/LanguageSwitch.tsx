import { useLingui } from '@lingui/react/macro';
import { authStore } from '../../lib/auth-store';
import { activateLocale, LOCALES, type Locale } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

/**
 * The EN/TR switch of the top bar; the choice is remembered across logouts. A user who chose a
 * language in Settings (stored on the server, applied at sign-in) gets that choice updated too, so the
 * next sign-in does not switch back.
 */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const save = trpc.account.setLanguage.useMutation();
  const choose = async (locale: Locale) => {
    await activateLocale(locale);
    const auth = authStore.get();
    // Only a user who chose a language in Settings has one stored; it follows this switch then.
    const stored = auth.status === 'authenticated' ? auth.user.preferred_language : null;
    if (auth.status !== 'authenticated' || stored === null || stored === locale) return;
    save.mutate(
      { language: locale },
      { onSuccess: ({ user }) => authStore.set({ status: 'authenticated', user }), onError: () => {} },
    );
  };
  return (
    <div
      role="group"
      aria-label={t`Language`}
      className="inline-flex shrink-0 overflow-hidden rounded-md border border-input"
    >
      {LOCALES.map((locale: Locale) => {
        const active = i18n.locale === locale;
        return (
          <button
            key={locale}
            type="button"
            lang={locale}
            aria-pressed={active}
            onClick={() => void choose(locale)}
            // 40 px square on touch screens, compact where there is a mouse.
            className={`h-10 min-w-10 px-2.5 text-xs font-semibold uppercase focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary md:h-8 md:min-w-0 ${
              active ? 'bg-foreground text-background' : 'bg-surface text-foreground hover:bg-muted'
            }`}
          >
            {locale}
          </button>
        );
      })}
    </div>
  );
}
