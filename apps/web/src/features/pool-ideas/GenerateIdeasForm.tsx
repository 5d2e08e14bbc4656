import type { RouterInputs } from '@blogfleet/api';
import { Button, Card, CardContent, FormField, Input, Select } from '@blogfleet/ui';
import { DEFAULT_IDEA_KEYWORDS, generateIdeasInput } from '@blogfleet/validators';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { translateIssue } from '../../lib/validation-messages';
import { IDEA_LANGUAGES, type IdeaLanguage } from '../../lib/languages';

type Input = RouterInputs['aiPool']['ideas']['generate'];

/** doc2 §9: the ideas page always asks for 5. */
const IDEAS_PAGE_COUNT = 5;
const NONE = '';

interface Props {
  sites: { id: number; site_title: string; domain_name: string }[];
  sitesLoading: boolean;
  /** The website chosen in the list's filter, picked here too. */
  defaultSiteId?: number;
  onGenerate(input: Input): Promise<unknown>;
  generating: boolean;
}

/**
 * The ideas page's generator (doc2 §2, §5): website, language and comma-separated keywords; 5 ideas.
 * A missing website is said beside the field, not in an alert.
 */
export function GenerateIdeasForm({ sites, sitesLoading, defaultSiteId, onGenerate, generating }: Props) {
  const { t } = useLingui();
  const [siteId, setSiteId] = useState(defaultSiteId ? String(defaultSiteId) : NONE);
  const [language, setLanguage] = useState<IdeaLanguage>('en');
  const [keywords, setKeywords] = useState('');
  const [errors, setErrors] = useState<{ site?: string; keywords?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (defaultSiteId) setSiteId((current) => (current === NONE ? String(defaultSiteId) : current));
  }, [defaultSiteId]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (siteId === NONE) {
      setErrors({ site: t`Please select a website first` });
      return;
    }
    const parsed = generateIdeasInput.safeParse({
      website_id: Number(siteId),
      keywords,
      language,
      count: IDEAS_PAGE_COUNT,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) === 'website_id' ? 'site' : 'keywords';
        if (!next[key]) next[key] = translateIssue(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await onGenerate(parsed.data);
    } catch (err) {
      setFailure(userMessage(err, { fallback: t`Failed to generate ideas` }));
    }
  };

  return (
    <Card>
      <CardContent className="pt-5">
        <form
          onSubmit={submit}
          noValidate
          aria-label={t`Generate ideas`}
          className="grid gap-4 md:grid-cols-[minmax(0,14rem)_minmax(0,10rem)_minmax(0,1fr)_auto] md:items-start"
        >
          <FormField label={t`Website`} error={errors.site} required>
            <Select
              aria-label={t`Website`}
              className="h-10 md:h-9"
              value={siteId}
              placeholder={sitesLoading ? t`Loading…` : t`Choose a website`}
              onValueChange={(v) => {
                setSiteId(v);
                setErrors((x) => ({ ...x, site: undefined }));
              }}
              options={sites.map((s) => ({ value: String(s.id), label: s.domain_name }))}
            />
          </FormField>
          <FormField label={t`Language`}>
            <Select
              aria-label={t`Language`}
              className="h-10 md:h-9"
              value={language}
              onValueChange={(v) => setLanguage(v as IdeaLanguage)}
              options={IDEA_LANGUAGES}
            />
          </FormField>
          <FormField
            label={t`Keywords`}
            error={errors.keywords}
            hint={t`Separated by commas; without any: ${DEFAULT_IDEA_KEYWORDS.join(', ')}`}
          >
            <Input
              className="h-10 md:h-9"
              autoComplete="off"
              placeholder={DEFAULT_IDEA_KEYWORDS.join(', ')}
              value={keywords}
              onChange={(e) => {
                setKeywords(e.target.value);
                setErrors((x) => ({ ...x, keywords: undefined }));
              }}
            />
          </FormField>
          <div className="flex md:pt-6">
            <Button type="submit" className="h-10 w-full md:h-9 md:w-auto" loading={generating}>
              <Sparkles className="size-4" aria-hidden />
              {t({
                message: plural(IDEAS_PAGE_COUNT, { one: 'Generate # idea', other: 'Generate # ideas' }),
              })}
            </Button>
          </div>
          {failure && (
            <p role="alert" className="text-sm text-danger-strong md:col-span-4">
              {failure}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
