import type { RouterInputs } from '@blogfleet/api';
import {
  Badge,
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
  Spinner,
  Textarea,
} from '@blogfleet/ui';
import { updateContentInput } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { formatNumber } from '../../lib/format';
import { tenPointVariant } from '../../lib/score';
import { trpc } from '../../lib/trpc';
import { translateIssue } from '../../lib/validation-messages';
import type { ContentRow } from './use-content';

type UpdateInput = RouterInputs['content']['update'];
type Values = {
  title: string;
  focus_keyword: string;
  meta_description: string;
  content: string;
  status: 'draft' | 'pending';
};
type Errors = Partial<Record<keyof Values, string>>;

interface Props {
  item: ContentRow | null;
  onOpenChange(open: boolean): void;
  onSave(input: UpdateInput): Promise<unknown>;
}

/** The meta description length search engines show in full (docs/seo-checker.md). */
const META_BEST = 160;

/** Edit a piece (its words here and on its site; the SEO score is computed again on save). */
export function ContentDialog({ item, onOpenChange, onSave }: Props) {
  const { t } = useLingui();
  // Always read afresh: the piece follows its post on the site, which may have changed since.
  const detail = trpc.content.get.useQuery(
    { id: item?.id ?? 0 },
    { enabled: item !== null, staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: false },
  );
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const loaded = detail.data?.content;

  useEffect(() => {
    if (item === null) {
      setValues(null);
      return;
    }
    setErrors({});
    setFailure(null);
  }, [item]);
  // Filled once per opening, from the fresh answer: a later refetch never wipes what is being typed.
  useEffect(() => {
    if (!loaded || item === null || loaded.id !== item.id || detail.isFetching || values !== null) return;
    setValues({
      title: loaded.title,
      focus_keyword: loaded.focus_keyword,
      meta_description: loaded.meta_description,
      content: loaded.content,
      status: loaded.status === 'pending' ? 'pending' : 'draft',
    });
  }, [loaded, item, detail.isFetching, values]);

  const published = item?.status === 'published';
  const set = (patch: Partial<Values>) => setValues((v) => (v ? { ...v, ...patch } : v));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!values || !item) return;
    const parsed = updateContentInput.safeParse({
      id: item.id,
      ...values,
      status: published ? undefined : values.status,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Values;
        if (!next[key]) next[key] = translateIssue(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await onSave(parsed.data);
      onOpenChange(false);
    } catch (err) {
      setFailure(userMessage(err, { fallback: t`Failed to save content` }));
    } finally {
      setSaving(false);
    }
  };

  const metaLength = values?.meta_description.length ?? 0;
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Edit content</Trans>
          </DialogTitle>
          <DialogDescription>
            {item?.site ? (
              <Trans>
                Saved here and on {item.site.domain_name}; the SEO score is checked again when you save.
              </Trans>
            ) : (
              <Trans>The SEO score is checked again when you save.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        {!values ? (
          detail.isError ? (
            <p role="alert" className="text-sm text-danger-strong">
              {userMessage(detail.error, { fallback: t`Failed to load content` })}
            </p>
          ) : (
            <Spinner label={t`Loading…`} />
          )
        ) : (
          <form id="content-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
            {item && item.seo_score !== null && (
              <p className="flex items-center gap-2 text-sm">
                <Trans>SEO score now</Trans>
                <Badge variant={tenPointVariant(item.seo_score)} className="tabular-nums">
                  {formatNumber(item.seo_score, { maximumFractionDigits: 1 })}/10
                </Badge>
              </p>
            )}
            <FormField label={t`Title`} error={errors.title} required>
              <Input value={values.title} onChange={(e) => set({ title: e.target.value })} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={t`Focus keyword`} error={errors.focus_keyword}>
                <Input
                  autoComplete="off"
                  value={values.focus_keyword}
                  onChange={(e) => set({ focus_keyword: e.target.value })}
                />
              </FormField>
              {!published && (
                <FormField label={t`Status`}>
                  <Select
                    aria-label={t`Status`}
                    value={values.status}
                    onValueChange={(v) => set({ status: v as Values['status'] })}
                    options={[
                      { value: 'draft', label: t`Draft` },
                      { value: 'pending', label: t`Pending` },
                    ]}
                  />
                </FormField>
              )}
            </div>
            <FormField
              label={t`Meta description`}
              error={errors.meta_description}
              hint={t`${metaLength} of ${META_BEST} characters shown in search results`}
            >
              <Textarea
                rows={2}
                value={values.meta_description}
                onChange={(e) => set({ meta_description: e.target.value })}
              />
            </FormField>
            <FormField label={t`Content (HTML)`} error={errors.content}>
              <Textarea
                rows={12}
                className="font-mono text-xs"
                value={values.content}
                onChange={(e) => set({ content: e.target.value })}
              />
            </FormField>
            {failure && (
              <p role="alert" className="text-sm text-danger-strong">
                {failure}
              </p>
            )}
          </form>
        )}
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="content-form" loading={saving} disabled={!values}>
            <Trans>Save</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
