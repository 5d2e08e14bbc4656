import { StatusBadge } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUserDate } from '../../lib/format';
import { languageName } from '../../lib/languages';
import type { IdeaRow } from './use-pool-ideas';

/** An idea's expanded row: the evaluator's recommendation and why, the reviewer's note, where it came from. */
export function IdeaDetails({ idea }: { idea: IdeaRow }) {
  const { t } = useLingui();
  return (
    <dl
      className="grid max-w-3xl grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]"
      data-testid={`idea-details-${idea.id}`}
    >
      <dt className="font-medium text-muted-foreground">
        <Trans>Recommendation</Trans>
      </dt>
      <dd className="min-w-0">
        {idea.recommendation ? (
          <div className="flex flex-col gap-1">
            <StatusBadge
              status={idea.recommendation}
              label={
                idea.recommendation === 'approved'
                  ? t`Approve`
                  : idea.recommendation === 'rejected'
                    ? t`Reject`
                    : t`Needs rewrite`
              }
            />
            {idea.evaluation_reason && <p className="break-words">{idea.evaluation_reason}</p>}
          </div>
        ) : (
          <span className="text-muted-foreground">{t`Not evaluated yet`}</span>
        )}
      </dd>
      {idea.review_note && (
        <>
          <dt className="font-medium text-muted-foreground">
            <Trans>Rewrite note</Trans>
          </dt>
          <dd className="min-w-0 break-words">{idea.review_note}</dd>
        </>
      )}
      <dt className="font-medium text-muted-foreground">
        <Trans>Language</Trans>
      </dt>
      <dd>{languageName(idea.language)}</dd>
      <dt className="font-medium text-muted-foreground">
        <Trans>Written by</Trans>
      </dt>
      <dd>
        {idea.generated_offline ? (
          <Trans>Offline generator (no model configured)</Trans>
        ) : (
          <Trans>AI model</Trans>
        )}
      </dd>
      {idea.reviewed_at && (
        <>
          <dt className="font-medium text-muted-foreground">
            <Trans>Reviewed</Trans>
          </dt>
          <dd>{formatUserDate(idea.reviewed_at)}</dd>
        </>
      )}
    </dl>
  );
}
