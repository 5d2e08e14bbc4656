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
  Textarea,
  toast,
} from '@blogfleet/ui';
import {
  contentSegments,
  createFeedbackInput,
  feedbackCategories,
  feedbackTypes,
} from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { translateIssue } from '../../lib/validation-messages';
import { usePoolLabels } from './labels';
import { serverFieldIssues } from './PoolError';

interface Fields {
  idea_pool_id: string;
  post_pool_id: string;
  feedback_text: string;
  feedback_type: (typeof feedbackTypes)[number];
  category: (typeof feedbackCategories)[number];
  content_segment: (typeof contentSegments)[number];
  score: number;
}
type Errors = Partial<Record<keyof Fields, string>>;

/** doc2 §4, §5: neutral, other, no segment, score 3. */
const DEFAULTS: Fields = {
  idea_pool_id: '',
  post_pool_id: '',
  feedback_text: '',
  feedback_type: 'neutral',
  category: 'other',
  content_segment: 'none',
  score: 3,
};
const KEYS = Object.keys(DEFAULTS) as (keyof Fields)[];

/** Add feedback (doc2 §2 tab 5): on an idea, a post or neither; the policy library agent learns from it. */
export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useLingui();
  const labels = usePoolLabels();
  const utils = trpc.useUtils();
  const create = trpc.aiPool.feedback.create.useMutation();
  const [fields, setFields] = useState<Fields>(DEFAULTS);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setFields(DEFAULTS);
    setErrors({});
    setFailure(null);
  }, [open]);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const toErrors = (issues: Record<string, string[]>) => {
    const out: Errors = {};
    for (const key of KEYS) {
      const message = issues[key]?.[0];
      if (message) out[key] = translateIssue(message);
    }
    return out;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // A number typed with letters or signs is said plainly, not in the parser's words.
    const id = (v: string) => (/^\d*$/.test(v.trim()) ? v.trim() : null);
    const ideaId = id(fields.idea_pool_id);
    const postId = id(fields.post_pool_id);
    const parsed = createFeedbackInput.safeParse({
      ...fields,
      idea_pool_id: ideaId ?? '',
      post_pool_id: postId ?? '',
    });
    const issues: Record<string, string[]> = {};
    if (ideaId === null) issues.idea_pool_id = ['Must be a whole number'];
    if (postId === null) issues.post_pool_id = ['Must be a whole number'];
    for (const issue of parsed.error?.issues ?? [])
      (issues[String(issue.path[0])] ??= []).push(issue.message);
    if (!parsed.success || Object.keys(issues).length > 0) {
      setErrors(toErrors(issues));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await create.mutateAsync(parsed.data);
      toast.success(t`Feedback added`);
      await utils.aiPool.feedback.invalidate();
      onOpenChange(false);
    } catch (err) {
      const byField = toErrors(serverFieldIssues(err));
      if (Object.keys(byField).length > 0) setErrors(byField);
      else setFailure(userMessage(err, { fallback: t`Failed to add feedback` }));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Add feedback</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              What works and what does not: the policy library agent turns new feedback into policies.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form id="feedback-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Idea ID`} error={errors.idea_pool_id} hint={t`Optional`}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                value={fields.idea_pool_id}
                onChange={(e) => set('idea_pool_id', e.target.value)}
              />
            </FormField>
            <FormField label={t`Post ID`} error={errors.post_pool_id} hint={t`Optional`}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                value={fields.post_pool_id}
                onChange={(e) => set('post_pool_id', e.target.value)}
              />
            </FormField>
          </div>
          <FormField label={t`Feedback`} error={errors.feedback_text} required>
            <Textarea
              rows={4}
              value={fields.feedback_text}
              onChange={(e) => set('feedback_text', e.target.value)}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t`Type`}>
              <Select
                aria-label={t`Type`}
                value={fields.feedback_type}
                onValueChange={(v) => set('feedback_type', v)}
                options={feedbackTypes.map((v) => ({ value: v, label: labels.feedbackType(v) }))}
              />
            </FormField>
            <FormField label={t`Category`}>
              <Select
                aria-label={t`Category`}
                value={fields.category}
                onValueChange={(v) => set('category', v)}
                options={feedbackCategories.map((v) => ({ value: v, label: labels.category(v) }))}
              />
            </FormField>
            <FormField label={t`Content segment`}>
              <Select
                aria-label={t`Content segment`}
                value={fields.content_segment}
                onValueChange={(v) => set('content_segment', v)}
                options={contentSegments.map((v) => ({ value: v, label: labels.segment(v) }))}
              />
            </FormField>
          </div>
          <FormField label={t`Score`} error={errors.score}>
            {(control) => (
              <div className="flex items-center gap-3">
                <input
                  {...control}
                  type="range"
                  min={1}
                  max={5}
                  step={1}
                  value={fields.score}
                  aria-valuetext={t`${fields.score} of 5`}
                  onChange={(e) => set('score', Number(e.target.value))}
                  className="h-2 w-full max-w-xs cursor-pointer accent-primary"
                />
                <span className="w-10 text-sm font-semibold tabular-nums" aria-hidden>
                  {fields.score}/5
                </span>
              </div>
            )}
          </FormField>
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
          <Button type="submit" form="feedback-form" loading={create.isPending}>
            <Trans>Add feedback</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
