import { Button, Card, CardContent, FormField, Input, Select, toast } from '@blogfleet/ui';
import { SITE_LANGUAGE_OPTIONS, SITE_TIMEZONES } from '@blogfleet/validators/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import type { SiteDetail } from './use-site';

/** Settings tab (core §2): saving stores them and pushes them to the site's WordPress. */
export function SettingsTab({ site }: { site: SiteDetail }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [title, setTitle] = useState(site.site_title);
  const [slogan, setSlogan] = useState(site.site_slogan ?? '');
  const [language, setLanguage] = useState(site.targeted_language);
  const [timezone, setTimezone] = useState(site.default_timezone);
  // The themes installed on the site, read from it; the active one is where the select starts.
  const info = trpc.sites.wordpressInfo.useQuery(
    { id: site.id },
    { enabled: site.wp_configured, retry: false },
  );
  const themes = info.data?.info.themes ?? [];
  const active = themes.find((x) => x.active)?.stylesheet;
  const [theme, setTheme] = useState<string | undefined>(undefined);
  useEffect(() => {
    setTitle(site.site_title);
    setSlogan(site.site_slogan ?? '');
    setLanguage(site.targeted_language);
    setTimezone(site.default_timezone);
  }, [site]);
  const save = trpc.sites.updateSettings.useMutation({
    onSuccess: async ({ wordpress }) => {
      toast.success(wordpress.pushed ? t`Settings saved and sent to WordPress` : t`Settings saved`);
      if (wordpress.warning) toast.info(wordpress.warning);
      await Promise.all([
        utils.sites.get.invalidate({ id: site.id }),
        utils.sites.wordpressInfo.invalidate({ id: site.id }),
      ]);
      setTheme(undefined);
    },
    onError: (err) => toastApiError(err, t`Failed to save settings`),
  });
  const zones: string[] = (SITE_TIMEZONES as readonly string[]).includes(timezone)
    ? [...SITE_TIMEZONES]
    : [timezone, ...SITE_TIMEZONES];
  return (
    <Card>
      <CardContent className="pt-6">
        <form
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!title.trim()) {
              toast.error(t`Please fill in all required fields`);
              return;
            }
            save.mutate({
              id: site.id,
              site_title: title.trim(),
              site_slogan: slogan.trim(),
              targeted_language: language,
              default_timezone: timezone,
              ...(theme && theme !== active ? { theme } : {}),
            });
          }}
        >
          <FormField label={t`Site title`} required>
            <Input value={title} onChange={(e) => setTitle(e.target.value)} />
          </FormField>
          <FormField label={t`Slogan`}>
            <Input value={slogan} onChange={(e) => setSlogan(e.target.value)} />
          </FormField>
          <FormField label={t`Site language`}>
            <Select
              aria-label={t`Site language`}
              value={language}
              onValueChange={(v) => setLanguage(v as typeof language)}
              options={SITE_LANGUAGE_OPTIONS}
            />
          </FormField>
          <FormField label={t`Time zone`}>
            <Select
              aria-label={t`Time zone`}
              value={timezone}
              onValueChange={setTimezone}
              options={zones.map((z) => ({ value: z, label: z }))}
            />
          </FormField>
          <FormField
            label={t`Theme`}
            className="sm:col-span-2"
            hint={
              site.hosted_here
                ? t`The themes installed on the site.`
                : t`WordPress's API cannot switch themes of a site hosted elsewhere: switch it in wp-admin (Appearance → Themes).`
            }
          >
            <Select
              aria-label={t`Theme`}
              value={theme ?? active ?? ''}
              onValueChange={setTheme}
              disabled={!site.hosted_here || themes.length === 0}
              placeholder={info.isError ? t`The site did not answer` : t`Asking the site…`}
              options={themes.map((x) => ({ value: x.stylesheet, label: `${x.name} ${x.version}`.trim() }))}
            />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" loading={save.isPending}>
              <Trans>Save settings</Trans>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
