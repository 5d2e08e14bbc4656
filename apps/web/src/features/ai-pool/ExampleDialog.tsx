import type { RouterOutputs } from '@blogfleet/api';
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
  Textarea,
  toast,
} from '@blogfleet/ui';
import { createExampleInput } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { translateIssue } from '../../lib/validation-messages';
import { serverIssues } from './PoolError';

export type Example = RouterOutputs['aiPool']['examples']['list']['examples'][number];

interface Fields {
  title: string;
  content: string;
  seo_title: string;
  target_keywords: string;
  meta_description: string;
  audience: string;
  genre: string;
  tone: string;
}
type Errors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = {
  title: '',
  content: '',
  seo_title: '',
  target_keywords: '',
  meta_description: '',
  audience: '',
  genre: '',
  tone: '',
};

function fieldsOf(example: Example): Fields {
  const m = example.metadata;
  return {
    title: example.title,
    content: example.content,
    seo_title: m.seo_title,
    target_keywords: m.target_keywords.join(', '),
    meta_description: m.meta_description,
    audience: m.audience,
    genre: m.genre,
    tone: m.tone,
  };
}

/** `metadata.target_keywords` → target_keywords: issues land on the field that shows them. */
function errorsOf(issues: { path: string[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const { path, message } of issues) {
    const key = (path[0] === 'metadata' ? path[1] : path[0]) as keyof Fields | undefined;
    if (key && key in EMPTY && !out[key]) out[key] = translateIssue(message);
  }
  return out;
}

/**
 * Add or edit a content example (doc2 §2 tab 4): a piece the generators are shown as a reference,
 * with its SEO metadata (SEO title, target keywords, meta description) and audience, genre and tone.
 */
export function ExampleDialog({
  example,
  onOpenChange,
}: {
  /** The example to edit, 'new' to add one, null when closed. */
  example: Example | 'new' | null;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const create = trpc.aiPool.examples.create.useMutation();
  const update = trpc.aiPool.examples.update.useMutation();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const editing = example !== null && example !== 'new' ? example : null;
  const open = example !== null;

  useEffect(() => {
    if (!open) return;
    setFields(editing ? fieldsOf(editing) : EMPTY);
    setErrors({});
    setFailure(null);
  }, [open, editing]);

  const set = (key: keyof Fields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const { title, content, ...metadata } = fields;
    const parsed = createExampleInput.safeParse({ title, content, metadata });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }))));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...parsed.data });
        toast.success(t`Example “${parsed.data.title}” saved`);
      } else {
        await create.mutateAsync(parsed.data);
        toast.success(t`Example “${parsed.data.title}” added`);
      }
      await utils.aiPool.examples.invalidate();
      onOpenChange(false);
    } catch (err) {
      const byField = errorsOf(serverIssues(err));
      if (Object.keys(byField).length > 0) setErrors(byField);
      else setFailure(userMessage(err, { fallback: t`Failed to save the example` }));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{editing ? <Trans>Edit example</Trans> : <Trans>Add example</Trans>}</DialogTitle>
          <DialogDescription>
            <Trans>
              A piece written the way you want: the generators are shown active examples that match their
              keywords.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form id="example-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={t`Title`} error={errors.title} required>
            <Input autoComplete="off" value={fields.title} onChange={(e) => set('title', e.target.value)} />
          </FormField>
          <FormField label={t`Content`} error={errors.content} required>
            <Textarea rows={8} value={fields.content} onChange={(e) => set('content', e.target.value)} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`SEO title`} error={errors.seo_title}>
              <Input
                autoComplete="off"
                value={fields.seo_title}
                onChange={(e) => set('seo_title', e.target.value)}
              />
            </FormField>
            <FormField label={t`Target keywords`} error={errors.target_keywords} hint={t`Comma-separated`}>
              <Input
                autoComplete="off"
                value={fields.target_keywords}
                onChange={(e) => set('target_keywords', e.target.value)}
              />
            </FormField>
          </div>
          <FormField label={t`Meta description`} error={errors.meta_description}>
            <Textarea
              rows={2}
              value={fields.meta_description}
              onChange={(e) => set('meta_description', e.target.value)}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t`Audience`} error={errors.audience}>
              <Input
                autoComplete="off"
                value={fields.audience}
                onChange={(e) => set('audience', e.target.value)}
              />
            </FormField>
            <FormField label={t`Genre`} error={errors.genre}>
              <Input autoComplete="off" value={fields.genre} onChange={(e) => set('genre', e.target.value)} />
            </FormField>
            <FormField label={t`Tone`} error={errors.tone}>
              <Input autoComplete="off" value={fields.tone} onChange={(e) => set('tone', e.target.value)} />
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
          <Button type="submit" form="example-form" loading={create.isPending || update.isPending}>
            {editing ? <Trans>Save</Trans> : <Trans>Add example</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
