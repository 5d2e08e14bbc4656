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
  Textarea,
  toast,
} from '@blogfleet/ui';
import { SITE_LANGUAGE_OPTIONS } from '@blogfleet/validators/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { CreateSitePayload } from './use-site-creation';
import type { DomainRow } from './use-domains';

type Language = 'en' | 'tr' | 'es';
interface FormValues {
  title: string;
  slogan: string;
  postTitle: string;
  postContent: string;
  pageTitle: string;
  pageContent: string;
  language: Language;
  use_cloudflare: boolean;
}
type TextField = 'title' | 'slogan' | 'postTitle' | 'postContent' | 'pageTitle' | 'pageContent';

/** "brew-notes.com" → "Brew Notes": the words of the name before its suffix. */
export function titleFromDomain(unicodeName: string): string {
  const label = unicodeName.split('.')[0] ?? unicodeName;
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toLocaleUpperCase() + w.slice(1))
    .join(' ');
}

interface Props {
  domain: DomainRow | null;
  onOpenChange(open: boolean): void;
  onCreate(payload: CreateSitePayload): Promise<void>;
  onGenerate(
    domain: string,
    language: Language,
  ): Promise<{
    generatedContent: Record<
      'site_title' | 'site_slogan' | 'post_title' | 'post_content' | 'page_title' | 'page_content',
      string
    >;
  }>;
  generating: boolean;
}

/** Create WP site dialog (doc2 §2): pre-filled from the domain, Generate fills all six, all required. */
export function CreateSiteDialog({ domain, onOpenChange, onCreate, onGenerate, generating }: Props) {
  const { t } = useLingui();
  const form = useForm<FormValues>();
  const { register, handleSubmit, reset, setValue, control, formState, getValues } = form;

  useEffect(() => {
    if (!domain) return;
    const title = titleFromDomain(domain.domain_name_unicode);
    reset({
      title,
      slogan: t`Everything about ${title}`,
      postTitle: t`Welcome to ${title}`,
      postContent: '',
      pageTitle: t`Home`,
      pageContent: '',
      language: 'en',
      use_cloudflare: false,
    });
  }, [domain, reset, t]);

  const generate = async () => {
    if (!domain) return;
    try {
      const { generatedContent: c } = await onGenerate(domain.domain_name, getValues('language'));
      const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted };
      setValue('title', c.site_title, opts);
      setValue('slogan', c.site_slogan, opts);
      setValue('postTitle', c.post_title, opts);
      setValue('postContent', c.post_content, opts);
      setValue('pageTitle', c.page_title, opts);
      setValue('pageContent', c.page_content, opts);
    } catch {
      // The hook's toast says why.
    }
  };

  const submit = handleSubmit(
    async (values) => {
      if (!domain) return;
      try {
        await onCreate({ domainId: domain.id, domain: domain.domain_name, ...values });
        onOpenChange(false);
      } catch {
        // The toast explains; the dialog keeps the input for another try.
      }
    },
    () => toast.error(t`Please fill in all required fields`),
  );
  const required = { validate: (v: string) => v.trim() !== '' || t`Please fill in all required fields` };
  const err = (field: TextField) => formState.errors[field]?.message;

  return (
    <Dialog open={domain !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Create WordPress site</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              A new WordPress site on your hosting target, with a first post and a home page. Creation takes
              about 30–60 seconds; the job panel follows it.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form id="create-site-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <FormField label={t`Domain`}>
              <Input readOnly value={domain?.domain_name_unicode ?? ''} />
            </FormField>
            <Button type="button" variant="outline" onClick={generate} loading={generating}>
              <Sparkles className="size-4" aria-hidden />
              <Trans>Generate content</Trans>
            </Button>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Site title`} error={err('title')} required>
              <Input autoComplete="off" {...register('title', required)} />
            </FormField>
            <FormField label={t`Slogan`} error={err('slogan')} required>
              <Input autoComplete="off" {...register('slogan', required)} />
            </FormField>
          </div>
          <FormField label={t`Post title`} error={err('postTitle')} required>
            <Input autoComplete="off" {...register('postTitle', required)} />
          </FormField>
          <FormField label={t`Post content`} error={err('postContent')} required>
            <Textarea rows={4} {...register('postContent', required)} />
          </FormField>
          <FormField label={t`Page title`} error={err('pageTitle')} required>
            <Input autoComplete="off" {...register('pageTitle', required)} />
          </FormField>
          <FormField label={t`Page content`} error={err('pageContent')} required>
            <Textarea rows={4} {...register('pageContent', required)} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-center">
            <FormField label={t`Site language`}>
              <Controller
                control={control}
                name="language"
                render={({ field }) => (
                  <Select
                    aria-label={t`Site language`}
                    value={field.value}
                    onValueChange={field.onChange}
                    options={SITE_LANGUAGE_OPTIONS}
                  />
                )}
              />
            </FormField>
            <FormField label={t`Set up DNS on Cloudflare first`} layout="inline">
              <Controller
                control={control}
                name="use_cloudflare"
                render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
              />
            </FormField>
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="create-site-form" loading={formState.isSubmitting}>
            <Trans>Create site</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
