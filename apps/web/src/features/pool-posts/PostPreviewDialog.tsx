import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  StatusBadge,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { KeywordBadges } from '../pool-ideas/idea-columns';
import { TenPointScore } from './post-columns';
import type { PoolPost } from './use-pool-posts';

export interface PostPreviewDialogProps {
  /** The post to show (null: closed). */
  post: Pick<
    PoolPost,
    | 'id'
    | 'title'
    | 'seo_title'
    | 'meta_description'
    | 'content'
    | 'status'
    | 'target_keywords'
    | 'tags'
    | 'quality_score'
    | 'seo_score'
    | 'readability_score'
    | 'website'
  > | null;
  onOpenChange(open: boolean): void;
  /** Shows an Edit button that hands the post over (e.g. to PostEditDialog). */
  onEdit?(): void;
}

/** Plain reading styles for the preview frame (it inherits none of the console's). */
const FRAME_STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; padding: 1.25rem; font: 16px/1.65 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    color: #1f2933; background: #fff; overflow-wrap: anywhere; }
  h1, h2, h3, h4 { line-height: 1.25; margin: 1.4em 0 0.5em; }
  h1 { font-size: 1.75rem; margin-top: 0; } h2 { font-size: 1.35rem; } h3 { font-size: 1.15rem; }
  p, ul, ol, blockquote, table { margin: 0 0 1em; }
  img, video { max-width: 100%; height: auto; }
  a { color: #2563eb; }
  blockquote { border-left: 3px solid #d0d7de; padding-left: 1em; color: #4b5563; }
  table { border-collapse: collapse; } td, th { border: 1px solid #d0d7de; padding: 0.3em 0.6em; }
  pre, code { font-family: ui-monospace, monospace; font-size: 0.9em; }
  pre { white-space: pre-wrap; }
`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A post as readers will see it (doc2 §2 Preview). The HTML is cleaned by the server already; it is still
 * shown in a sandboxed frame without scripts, so nothing in it can reach the console.
 */
export function PostPreviewDialog({ post, onOpenChange, onEdit }: PostPreviewDialogProps) {
  const { t } = useLingui();
  const doc = useMemo(
    () =>
      post
        ? `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>${FRAME_STYLE}</style></head><body><h1>${escapeHtml(post.title)}</h1>${post.content}</body></html>`
        : '',
    [post],
  );
  return (
    <Dialog open={post !== null} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Preview</Trans>
          </DialogTitle>
          <DialogDescription className="break-words">{post?.title}</DialogDescription>
        </DialogHeader>
        {post && (
          <div className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <StatusBadge status={post.status} />
              <span className="break-all text-muted-foreground">
                {post.website?.domain_name ?? t`No site`}
              </span>
              <span className="flex items-center gap-1">
                <span className="text-muted-foreground">{t`Quality`}</span>
                <TenPointScore value={post.quality_score} />
              </span>
              <span className="flex items-center gap-1">
                <span className="text-muted-foreground">{t`SEO`}</span>
                <TenPointScore value={post.seo_score} />
              </span>
              <span className="flex items-center gap-1">
                <span className="text-muted-foreground">{t`Readability`}</span>
                <TenPointScore value={post.readability_score} />
              </span>
            </div>
            <section
              aria-label={t`Search result`}
              className="rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
            >
              <p className="font-medium break-words text-info-strong">{post.seo_title || post.title}</p>
              <p className="break-words text-muted-foreground">
                {post.meta_description || <Trans>No meta description</Trans>}
              </p>
            </section>
            <iframe
              title={t`Preview of ${post.title}`}
              sandbox=""
              srcDoc={doc}
              className="h-[40vh] min-h-64 w-full rounded-md border border-border bg-white"
            />
            {(post.target_keywords.length > 0 || post.tags.length > 0) && (
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 text-sm">
                <dt className="text-muted-foreground">
                  <Trans>Target keywords</Trans>
                </dt>
                <dd>
                  <KeywordBadges keywords={post.target_keywords} shown={20} />
                </dd>
                <dt className="text-muted-foreground">
                  <Trans>Tags</Trans>
                </dt>
                <dd>
                  <KeywordBadges keywords={post.tags} shown={20} />
                </dd>
              </dl>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Close</Trans>
          </Button>
          {onEdit && (
            <Button type="button" onClick={onEdit}>
              <Trans>Edit</Trans>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
