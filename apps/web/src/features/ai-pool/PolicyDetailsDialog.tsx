import type { RouterOutputs } from '@blogfleet/api';
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  StatusBadge,
} from '@blogfleet/ui';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { formatUserDate } from '../../lib/format';
import { JsonBlock } from './JsonBlock';

export type Policy = RouterOutputs['aiPool']['policies']['list']['policies'][number];

/** A policy in full (doc2 §2 tab 3): status, principle, context, examples, created and updated dates. */
export function PolicyDetailsDialog({
  policy,
  onOpenChange,
}: {
  policy: Policy | null;
  onOpenChange(open: boolean): void;
}) {
  const contextId = useId();
  const examplesId = useId();
  return (
    <Dialog open={policy !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg" aria-describedby={undefined}>
        {policy && (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{policy.trait}</DialogTitle>
            </DialogHeader>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-muted-foreground">
                <Trans>Status</Trans>
              </dt>
              <dd>
                <StatusBadge status={policy.status} />
              </dd>
              <dt className="font-medium text-muted-foreground">
                <Trans>Guiding principle</Trans>
              </dt>
              <dd className="break-words whitespace-pre-wrap">{policy.guiding_principle}</dd>
              <dt className="font-medium text-muted-foreground">
                <Trans>Created</Trans>
              </dt>
              <dd>{formatUserDate(policy.created_at)}</dd>
              <dt className="font-medium text-muted-foreground">
                <Trans>Updated</Trans>
              </dt>
              <dd>{formatUserDate(policy.updated_at)}</dd>
              {policy.source_feedback_ids.length > 0 && (
                <>
                  <dt className="font-medium text-muted-foreground">
                    <Trans>Learned from feedback</Trans>
                  </dt>
                  <dd>{policy.source_feedback_ids.map((id) => `#${id}`).join(', ')}</dd>
                </>
              )}
            </dl>
            <section className="flex flex-col gap-1.5">
              <h3 id={contextId} className="text-sm font-medium">
                <Trans>Context</Trans>
              </h3>
              <JsonBlock value={policy.context} labelledBy={contextId} />
            </section>
            <section className="flex flex-col gap-1.5">
              <h3 id={examplesId} className="text-sm font-medium">
                <Trans>Examples</Trans>
              </h3>
              <JsonBlock value={policy.examples} labelledBy={examplesId} />
            </section>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                <Trans>Close</Trans>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
