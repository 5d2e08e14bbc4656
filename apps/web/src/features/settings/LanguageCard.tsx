import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Select,
  toast,
} from '@blogfleet/ui';
import type { InterfaceLanguage } from '@blogfleet/validators';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { userMessage } from '../../lib/api-errors';
import { useCurrentUser } from '../../lib/auth';
import { authStore } from '../../lib/auth-store';
import { activateLocale, type Locale } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

/** The interface language, stored on the server so every browser the user signs in from uses it. */
export function LanguageCard() {
  const { t, i18n } = useLingui();
  const me = useCurrentUser();
  const save = trpc.account.setLanguage.useMutation();

  const choose = async (language: InterfaceLanguage) => {
    const previous = i18n.locale as Locale;
    await activateLocale(language);
    try {
      const { user } = await save.mutateAsync({ language });
      authStore.set({ status: 'authenticated', user });
      // Said in the language just chosen (i18n is already switched).
      toast.success(i18n._(msg`Language saved`));
    } catch (err) {
      await activateLocale(previous);
      toast.error(userMessage(err, { fallback: t`Failed to save the language` }));
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Languages className="size-5 text-muted-foreground" aria-hidden />
          <CardTitle as="h3">
            <Trans>Language</Trans>
          </CardTitle>
        </div>
        <CardDescription>
          <Trans>Used on every device you sign in from.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormField label={t`Interface language`}>
          <Select
            value={(me.preferred_language ?? i18n.locale) as InterfaceLanguage}
            onValueChange={(v) => void choose(v)}
            disabled={save.isPending}
            options={[
              { value: 'en', label: 'English' },
              { value: 'tr', label: 'Türkçe' },
            ]}
          />
        </FormField>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">
            <Trans>Signed in as</Trans>
          </dt>
          <dd className="min-w-0 truncate font-medium">{me.username}</dd>
          <dt className="text-muted-foreground">
            <Trans>Email</Trans>
          </dt>
          <dd className="min-w-0 truncate">{me.email}</dd>
          <dt className="text-muted-foreground">
            <Trans>Role</Trans>
          </dt>
          <dd>{me.role === 'admin' ? <Trans>Admin</Trans> : <Trans>User</Trans>}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
