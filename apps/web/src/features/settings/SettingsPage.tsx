import { Alert, Spinner } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { userMessage } from '../../lib/api-errors';
import { useCurrentUser } from '../../lib/auth';
import { ChangePasswordCard } from './ChangePasswordCard';
import { IntegrationCard } from './IntegrationCard';
import { LanguageCard } from './LanguageCard';
import { SECTIONS } from './sections';
import { useIntegrationSettings } from './use-settings';

/** /settings: the personal part for everyone, Integrations for admins. */
export function SettingsPage() {
  const me = useCurrentUser();
  const admin = me.role === 'admin';
  return (
    <div className="flex max-w-5xl flex-col gap-8">
      <h1 className="text-2xl font-semibold">
        <Trans>Settings</Trans>
      </h1>
      <section aria-labelledby="settings-account" className="flex flex-col gap-4">
        <h2 id="settings-account" className="text-lg font-semibold">
          <Trans>Your account</Trans>
        </h2>
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ChangePasswordCard />
          <LanguageCard />
        </div>
      </section>
      {admin && <Integrations />}
    </div>
  );
}

function Integrations() {
  const { t } = useLingui();
  const settings = useIntegrationSettings(true);
  const hash = useRouterState({ select: (s) => s.location.hash });
  const loaded = settings.list.isSuccess;

  // A link to /settings#cloudflare lands on its section once the sections are there.
  useEffect(() => {
    if (!loaded || !hash) return;
    document.getElementById(hash)?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  const views = new Map((settings.list.data?.integrations ?? []).map((v) => [v.section, v]));

  return (
    <section aria-labelledby="settings-integrations" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="settings-integrations" className="text-lg font-semibold">
          <Trans>Integrations</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Secrets are stored encrypted and never shown again: only their last four characters. Leave a
            secret empty to keep the stored one.
          </Trans>
        </p>
      </div>
      {settings.list.isError ? (
        <Alert>
          {userMessage(settings.list.error, { fallback: t`Failed to load the integration settings` })}
        </Alert>
      ) : !loaded ? (
        <div className="grid place-items-center py-16">
          <Spinner label={t`Loading…`} />
        </div>
      ) : (
        SECTIONS.map((def) => {
          const view = views.get(def.section);
          if (!view) return null;
          return (
            <IntegrationCard
              key={def.section}
              def={def}
              view={view}
              testing={settings.testing === def.section}
              onSave={(values) => settings.save(def.section, values as never)}
              onTest={() => settings.test(def.section)}
              onClear={() => settings.clear(def.section)}
            />
          );
        })
      )}
    </section>
  );
}
