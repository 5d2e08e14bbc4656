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
  Spinner,
  Textarea,
  toast,
} from '@blogfleet/ui';
import { updatePostInput } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { translateIssue } from '../../lib/validation-messages';
import type { PoolPost } from './use-pool-posts';

type Values = {
  title: string;
  seo_title: string;
  meta_description: string;
  content: string;
  /** Comma-separated (doc2 §5). */
  target_keywords: string;
  tags: string;
};
type Errors = Partial<Record<keyof Values, string>>;

export interface PostEditDialogProps {
  /** The post to edit (null: closed). Its fields are read afresh when the dialog opens. */
  post: Pick<PoolPost, 'id' | 'title'> | null;
  onOpenChange(open: boolean): void;
  /** After a successful save (the pool's lists are refreshed already). */
  onSaved?(post: PoolPost): void;
}

/** The meta description length search engines show in full (docs/seo-checker.md). */
const META_BEST = 160;

/**
 * Edit a pool post (doc2 §2): title, SEO title, meta description, HTML content, target keywords and tags
 * (comma-separated). The server cleans the HTML and scores it again; the time since opening is recorded
 * as human edit time (`editing_since`).
 */
export function PostEditDialog({ post, onOpenChange, onSaved }: PostEditDialogProps) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const detail = trpc.aiPool.posts.get.useQuery(
    { id: post?.id ?? 0 },
    { enabled: post !== null, staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: false },
  );
  const update = trpc.aiPool.posts.update.useMutation();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const loaded = detail.data?.post;
  const postId = post?.id ?? null;

  // A new opening (by id: the list refreshing its rows does not reset what is being typed).
  useEffect(() => {
    setValues(null);
    setErrors({});
    setFailure(null);
    setOpenedAt(postId === null ? null : new Date().toISOString());
  }, [postId]);
  // Filled once per opening, from the fresh answer: a later refetch never wipes what is being typed.
  useEffect(() => {
    if (!loaded || postId === null || loaded.id !== postId || detail.isFetching || values !== null) return;
    setValues({
      title: loaded.title,
      seo_title: loaded.seo_title,
      meta_description: loaded.meta_description,
      content: loaded.content,
      target_keywords: loaded.target_keywords.join(', '),
      tags: loaded.tags.join(', '),
    });
  }, [loaded, postId, detail.isFetching, values]);

  const set = (patch: Partial<Values>) => setValues((v) => (v ? { ...v, ...patch } : v));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!values || !post) return;
    const parsed = updatePostInput.safeParse({
      id: post.id,
      ...values,
      editing_since: openedAt ?? undefined,
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
    try {
      const { post: saved } = await update.mutateAsync(parsed.data);
      toast.success(t`“${saved.title}” saved`);
      await utils.aiPool.invalidate();
      onSaved?.(saved);
      onOpenChange(false);
    } catch (err) {
      setFailure(userMessage(err, { fallback: t`Failed to save` }));
    }
  };

  const metaLength = values?.meta_description.length ?? 0;
  return (
    <Dialog open={post !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Edit post</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>The content is cleaned and the scores are computed again when you save.</Trans>
          </DialogDescription>
        </DialogHeader>
        {!values ? (
          detail.isError ? (
            <p role="alert" className="text-sm text-danger-strong">
              {userMessage(detail.error, { fallback: t`Failed to fetch posts` })}
            </p>
          ) : (
            <Spinner label={t`Loading…`} />
          )
        ) : (
          <form id="pool-post-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
            <FormField label={t`Title`} error={errors.title} required>
              <Input value={values.title} onChange={(e) => set({ title: e.target.value })} />
            </FormField>
            <FormField label={t`SEO title`} error={errors.seo_title}>
              <Input value={values.seo_title} onChange={(e) => set({ seo_title: e.target.value })} />
            </FormField>
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
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label={t`Target keywords`}
                error={errors.target_keywords}
                hint={t`Separated by commas`}
              >
                <Input
                  autoComplete="off"
                  value={values.target_keywords}
                  onChange={(e) => set({ target_keywords: e.target.value })}
                />
              </FormField>
              <FormField label={t`Tags`} error={errors.tags} hint={t`Separated by commas`}>
                <Input
                  autoComplete="off"
                  value={values.tags}
                  onChange={(e) => set({ tags: e.target.value })}
                />
              </FormField>
            </div>
            {failure && (
              <p
                role="alert"
                className="rounded-md border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger-strong"
              >
                {failure}
              </p>
            )}
          </form>
        )}
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="pool-post-form" loading={update.isPending} disabled={!values}>
            <Trans>Save</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
