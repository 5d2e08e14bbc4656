import type { RouterOutputs } from '@blogfleet/api';
import {
  Badge,
  Button,
  Card,
  CardContent,
  EmptyState,
  Select,
  Skeleton,
  Stars,
  type BadgeVariant,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { MessageSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { FeedbackDialog } from './FeedbackDialog';
import { usePoolLabels } from './labels';
import { PoolLoadError } from './PoolError';
import { LOG_PAGE, ShowMore } from './ShowMore';

type Feedback = RouterOutputs['aiPool']['feedback']['list']['feedback'][number];

const TYPE_VARIANT: Record<Feedback['feedback_type'], BadgeVariant> = {
  positive: 'success',
  negative: 'danger',
  neutral: 'neutral',
};

/** The feedback log (doc2 §2 tab 5): newest first, as cards; feedback is added with a dialog. */
export function FeedbackTab() {
  const { t } = useLingui();
  const [limit, setLimit] = useState(LOG_PAGE);
  const [adding, setAdding] = useState(false);
  const [kind, setKind] = useState<'all' | 'written' | 'implicit'>('all');
  const feedback = trpc.aiPool.feedback.list.useQuery(
    { limit, ...(kind === 'all' ? {} : { implicit: kind === 'implicit' ? 'true' : 'false' }) },
    { placeholderData: keepPreviousData },
  );
  const items = feedback.data?.feedback ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          <Trans>
            Feedback from editors; the implicit kind is recorded from their approvals, rejections and edits.
          </Trans>
        </p>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <Select
            aria-label={t`Kind of feedback`}
            value={kind}
            onValueChange={(v) => {
              setKind(v as typeof kind);
              setLimit(LOG_PAGE);
            }}
            options={[
              { value: 'all', label: t`All feedback` },
              { value: 'written', label: t`Written by editors` },
              { value: 'implicit', label: t`Recorded from actions` },
            ]}
          />
          <Button className="h-10 w-full sm:w-auto md:h-9" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden />
            <Trans>Add feedback</Trans>
          </Button>
        </div>
      </div>
      {feedback.isError ? (
        <PoolLoadError error={feedback.error} fallback={t`Failed to load the feedback`} />
      ) : feedback.isLoading ? (
        <div className="grid gap-4 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-36 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<MessageSquare aria-hidden />}
            title={<Trans>No feedback yet</Trans>}
            description={
              <Trans>Add what you liked or disliked about an idea or a post; the agents learn from it.</Trans>
            }
          />
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t`Feedback log`}>
          {items.map((f) => (
            <li key={f.id}>
              <FeedbackCard item={f} />
            </li>
          ))}
        </ul>
      )}
      <ShowMore
        shown={items.length}
        limit={limit}
        loading={feedback.isFetching}
        onMore={() => setLimit((l) => l + LOG_PAGE)}
      />
      <FeedbackDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}

function FeedbackCard({ item: f }: { item: Feedback }) {
  const { t } = useLingui();
  const labels = usePoolLabels();
  // Older servers do not send it: only a true value shows the badge.
  const implicit = (f as Feedback & { implicit?: boolean }).implicit === true;
  return (
    <Card className="h-full" data-testid={`feedback-${f.id}`}>
      <CardContent className="flex h-full flex-col gap-3 pt-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-1">
            <Badge variant={TYPE_VARIANT[f.feedback_type]}>{labels.feedbackType(f.feedback_type)}</Badge>
            <Badge variant="outline">{labels.category(f.category)}</Badge>
            {f.content_segment !== 'none' && (
              <Badge variant="outline">{labels.segment(f.content_segment)}</Badge>
            )}
            {implicit && (
              <Badge variant="info" title={t`Recorded from an editor’s action`}>
                <Trans>Implicit</Trans>
              </Badge>
            )}
            {f.is_synthesized && (
              <Badge variant="primary" title={t`Already turned into policies`}>
                <Trans>Synthesized</Trans>
              </Badge>
            )}
          </div>
          <Stars value={f.score} label={t`Score ${f.score} of 5`} />
        </div>
        <p className="flex-1 text-sm break-words whitespace-pre-wrap">{f.feedback_text}</p>
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
          <span className="flex flex-wrap gap-3">
            {f.idea_pool_id !== null && <span>{t`Idea #${f.idea_pool_id}`}</span>}
            {f.post_pool_id !== null && <span>{t`Post #${f.post_pool_id}`}</span>}
          </span>
          <time dateTime={f.created_at}>{formatUserDate(f.created_at)}</time>
        </div>
      </CardContent>
    </Card>
  );
}
