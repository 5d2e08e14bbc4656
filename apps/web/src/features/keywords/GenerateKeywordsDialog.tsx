import type { RouterInputs } from '@blogfleet/api';
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
} from '@blogfleet/ui';
import { generateKeywordsInput } from '@blogfleet/validators';
import { KEYWORDS_GENERATED } from '@blogfleet/validators/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { translateIssue } from '../../lib/validation-messages';
import { IDEA_LANGUAGES } from '../../lib/languages';

type Input = RouterInputs['keywords']['generate'];

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  websites: string[];
  defaultWebsite?: string;
  onGenerate(input: Input): Promise<unknown>;
}

/** "Generate keywords" (doc2 §2, §5: a target website is required): starts the job. */
export function GenerateKeywordsDialog({ open, onOpenChange, websites, defaultWebsite, onGenerate }: Props) {
  const { t, i18n } = useLingui();
  const listId = useId();
  const [website, setWebsite] = useState('');
  const [topic, setTopic] = useState('');
  const [language, setLanguage] = useState<Input['language']>('en');
  const [count, setCount] = useState(String(KEYWORDS_GENERATED.default));
  const [errors, setErrors] = useState<{ website?: string; topic?: string; count?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!open) return;
    setWebsite(defaultWebsite ?? '');
    setTopic('');
    setLanguage(i18n.locale === 'tr' ? 'tr' : 'en');
    setCount(String(KEYWORDS_GENERATED.default));
    setErrors({});
    setFailure(null);
  }, [open, defaultWebsite, i18n.locale]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = generateKeywordsInput.safeParse({
      targetWebsite: website,
      topic: topic.trim() || undefined,
      language,
      count: count.trim() === '' ? undefined : Number(count),
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = { targetWebsite: 'website', topic: 'topic', count: 'count' }[String(issue.path[0])] as
          keyof typeof errors | undefined;
        if (key && !next[key]) next[key] = translateIssue(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setStarting(true);
    try {
      await onGenerate(parsed.data);
      onOpenChange(false);
    } catch (err) {
      setFailure(userMessage(err, { fallback: t`Error generating keywords` }));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Generate keywords</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Search terms around a topic, from the AI model (or the built-in generator without one). Search
              volume, competition and CPC come from keyword data (DataForSEO) when it is set up.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form id="generate-keywords-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={t`Website`} error={errors.website} required hint={t`For example example.com`}>
            <Input
              autoComplete="off"
              spellCheck={false}
              list={listId}
              value={website}
              onChange={(e) => setWebsite(e.target.value)}
            />
          </FormField>
          <datalist id={listId}>
            {websites.map((w) => (
              <option key={w} value={w} />
            ))}
          </datalist>
          <FormField
            label={t`Topic`}
            error={errors.topic}
            hint={t`Empty: the site's title or the website's best keywords`}
          >
            <Input autoComplete="off" value={topic} onChange={(e) => setTopic(e.target.value)} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Language`}>
              <Select
                value={language}
                onValueChange={(v) => setLanguage(v as Input['language'])}
                options={IDEA_LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
              />
            </FormField>
            <FormField label={t`How many`} error={errors.count} hint={t`1 to ${KEYWORDS_GENERATED.max}`}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={KEYWORDS_GENERATED.max}
                value={count}
                onChange={(e) => setCount(e.target.value)}
              />
            </FormField>
          </div>
          {failure && (
            <p role="alert" className="text-sm text-danger-strong">
              {failure}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="generate-keywords-form" loading={starting}>
            <Trans>Generate</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
