import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  Switch,
  toast,
} from '@blogfleet/ui';
import { SITE_LANGUAGE_OPTIONS, SITE_TIMEZONES } from '@blogfleet/validators/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useIsMutating } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { useEffect, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { DomainPicker, type PickedDomain } from './DomainPicker';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdded(): Promise<unknown>;
}

/**
 * Add-site dialog (core §5): title, domain (searchable, can create one), target website, language,
 * timezone, slogan; or an existing WordPress elsewhere, tested before it is saved.
 */
export function AddSiteDialog({ open, onOpenChange, onAdded }: Props) {
  const { t } = useLingui();
  const [title, setTitle] = useState('');
  const [slogan, setSlogan] = useState('');
  const [domain, setDomain] = useState<PickedDomain | null>(null);
  const [target, setTarget] = useState('');
  const [language, setLanguage] = useState<'en' | 'tr' | 'es'>('en');
  const [timezone, setTimezone] = useState<string>('UTC');
  const [existing, setExisting] = useState(false);
  const [apiUrl, setApiUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const create = trpc.sites.create.useMutation();
  // A domain being created in the picker: the form waits for it instead of finding it missing.
  const creatingDomain = useIsMutating({ mutationKey: getMutationKey(trpc.domains.create) }) > 0;

  useEffect(() => {
    if (!open) return;
    setTitle('');
    setSlogan('');
    setDomain(null);
    setTarget('');
    setLanguage('en');
    setTimezone('UTC');
    setExisting(false);
    setApiUrl('');
    setUsername('');
    setPassword('');
    setTried(false);
  }, [open]);

  const missing =
    !title.trim() || !domain || (existing && (!apiUrl.trim() || !username.trim() || !password.trim()));
  const submit = async () => {
    setTried(true);
    if (missing || !domain) {
      toast.error(t`Please fill in all required fields`);
      return;
    }
    try {
      const { site } = await create.mutateAsync({
        site_title: title.trim(),
        site_slogan: slogan.trim() || undefined,
        domain_id: domain.id,
        domain_name: domain.domain_name,
        target_website: target.trim() || undefined,
        targeted_language: language,
        default_timezone: timezone,
        ...(existing
          ? { wp_api_url: apiUrl.trim(), wp_username: username.trim(), wp_app_password: password }
          : {}),
      });
      toast.success(t`Site ${site.site_title} added`);
      await onAdded();
      onOpenChange(false);
    } catch (err) {
      toastApiError(err, t`Failed to add site`);
    }
  };
  const required = (value: string) =>
    tried && !value.trim() ? t`Please fill in all required fields` : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Add site</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              A site for one of your domains. To manage a WordPress that already runs elsewhere, give its
              address and an application password; the connection is tested before the site is saved.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form
          id="add-site-form"
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Site title`} required error={required(title)}>
              <Input autoComplete="off" value={title} onChange={(e) => setTitle(e.target.value)} />
            </FormField>
            <FormField label={t`Target website`}>
              <Input autoComplete="off" value={target} onChange={(e) => setTarget(e.target.value)} />
            </FormField>
          </div>
          <FormField
            label={t`Domain`}
            required
            error={tried && !domain ? t`Please fill in all required fields` : undefined}
          >
            {() => (
              <DomainPicker
                value={domain}
                onChange={setDomain}
                targetWebsite={target || title}
                invalid={tried && !domain}
              />
            )}
          </FormField>
          <FormField label={t`Slogan`}>
            <Input autoComplete="off" value={slogan} onChange={(e) => setSlogan(e.target.value)} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Site language`}>
              <Select
                aria-label={t`Site language`}
                value={language}
                onValueChange={(v) => setLanguage(v as 'en' | 'tr' | 'es')}
                options={SITE_LANGUAGE_OPTIONS}
              />
            </FormField>
            <FormField label={t`Time zone`}>
              <Select
                aria-label={t`Time zone`}
                value={timezone}
                onValueChange={setTimezone}
                options={SITE_TIMEZONES.map((z) => ({ value: z, label: z }))}
              />
            </FormField>
          </div>
          <FormField label={t`An existing WordPress elsewhere`} layout="inline">
            <Switch checked={existing} onCheckedChange={setExisting} />
          </FormField>
          {existing && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label={t`WordPress address or REST API URL`}
                required
                error={required(apiUrl)}
                className="sm:col-span-2"
                hint={t`For example https://blog.example or https://blog.example/wp-json`}
              >
                <Input
                  autoComplete="off"
                  spellCheck={false}
                  value={apiUrl}
                  onChange={(e) => setApiUrl(e.target.value)}
                />
              </FormField>
              <FormField label={t`WordPress user`} required error={required(username)}>
                <Input autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} />
              </FormField>
              <FormField
                label={t`Application password`}
                required
                error={required(password)}
                hint={t`Users → Profile → Application Passwords in WordPress`}
              >
                <Input
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </FormField>
            </div>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="add-site-form" loading={create.isPending} disabled={creatingDomain}>
            {existing ? <Trans>Test and add</Trans> : <Trans>Add site</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
