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
  Select,
} from '@blogfleet/ui';
import { generateContentInput } from '@blogfleet/validators';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { translateIssue } from '../../lib/validation-messages';
import { useContentTypeLabel } from './content-columns';

type Input = RouterInputs['content']['generate'];
type Errors = { site?: string; group?: string };

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The site chosen in the page's filter, picked here too. */
  defaultSiteId?: number;
  onGenerate(input: Input): Promise<unknown>;
}

const NONE = '';

/** "Generate content" (doc2 §2, §5: a site and a keyword group are both needed, type article by default). */
export function GenerateContentDialog({ open, onOpenChange, defaultSiteId, onGenerate }: Props) {
  const { t } = useLingui();
  const typeLabel = useContentTypeLabel();
  const [siteId, setSiteId] = useState(NONE);
  const [groupId, setGroupId] = useState(NONE);
  const [contentType, setContentType] = useState<Input['contentType']>('article');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const sites = trpc.sites.options.useQuery({}, { enabled: open });
  const groups = trpc.keywordGroups.list.useQuery(
    { limit: 500, sort: 'name', order: 'asc' },
    { enabled: open },
  );
  // Groups assigned to the chosen site come first: they are what the site is meant to rank for.
  const assigned = trpc.keywordGroups.list.useQuery(
    { limit: 500, sort: 'name', order: 'asc', siteId: Number(siteId) },
    { enabled: open && siteId !== NONE },
  );

  useEffect(() => {
    if (!open) return;
    setSiteId(defaultSiteId ? String(defaultSiteId) : NONE);
    setGroupId(NONE);
    setContentType('article');
    setErrors({});
    setFailure(null);
  }, [open, defaultSiteId]);

  const assignedIds = new Set((assigned.data?.data ?? []).map((g) => g.id));
  const allGroups = groups.data?.data ?? [];
  const ordered = [
    ...allGroups.filter((g) => assignedIds.has(g.id)),
    ...allGroups.filter((g) => !assignedIds.has(g.id)),
  ];
  const groupOptions = ordered.map((g) => {
    const count = g.keyword_count;
    const name = g.name;
    return {
      value: String(g.id),
      label: assignedIds.has(g.id)
        ? t({
            message: plural(count, {
              one: `${name} (# keyword, assigned to this site)`,
              other: `${name} (# keywords, assigned to this site)`,
            }),
          })
        : t({ message: plural(count, { one: `${name} (# keyword)`, other: `${name} (# keywords)` }) }),
      disabled: count === 0,
    };
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = generateContentInput.safeParse({
      siteId: siteId === NONE ? undefined : Number(siteId),
      keywordGroupId: groupId === NONE ? undefined : Number(groupId),
      contentType,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = ({ siteId: 'site', keywordGroupId: 'group' } as const)[
          String(issue.path[0]) as 'siteId' | 'keywordGroupId'
        ];
        if (key && !next[key]) next[key] = translateIssue(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setStarting(true);
    try {
      await onGenerate(parsed.data);
      onOpenChange(false);
    } catch (err) {
      setFailure(userMessage(err, { fallback: t`Failed to generate content` }));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Generate content</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              The AI model (or the built-in generator without one) writes the piece from the group’s keywords
              in the site’s language. It is saved as a draft on the site’s WordPress until you publish it.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form id="generate-content-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={t`Site`} error={errors.site} required>
            <Select
              aria-label={t`Site`}
              value={siteId}
              placeholder={sites.isLoading ? t`Loading…` : t`Choose a site`}
              onValueChange={(v) => {
                setSiteId(v);
                setErrors((e) => ({ ...e, site: undefined }));
              }}
              options={(sites.data?.sites ?? []).map((s) => ({
                value: String(s.id),
                label: `${s.site_title} (${s.domain_name})`,
              }))}
            />
          </FormField>
          <FormField
            label={t`Keyword group`}
            error={errors.group}
            required
            hint={t`Its primary keyword is the focus keyword; groups without keywords cannot be chosen`}
          >
            <Select
              aria-label={t`Keyword group`}
              value={groupId}
              placeholder={groups.isLoading ? t`Loading…` : t`Choose a keyword group`}
              onValueChange={(v) => {
                setGroupId(v);
                setErrors((e) => ({ ...e, group: undefined }));
              }}
              options={groupOptions}
            />
          </FormField>
          <FormField label={t`Content type`}>
            <Select
              aria-label={t`Content type`}
              value={contentType}
              onValueChange={(v) => setContentType(v as Input['contentType'])}
              options={(['article', 'post', 'page'] as const).map((v) => ({ value: v, label: typeLabel(v) }))}
            />
          </FormField>
          {(sites.isError || groups.isError) && (
            <p role="alert" className="text-sm text-danger-strong">
              {userMessage(sites.error ?? groups.error, { fallback: t`Failed to load some data` })}
            </p>
          )}
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
          <Button type="submit" form="generate-content-form" loading={starting}>
            <Trans>Generate</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
