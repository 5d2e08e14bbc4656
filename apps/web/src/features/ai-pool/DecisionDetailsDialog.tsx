import type { RouterOutputs } from '@blogfleet/api';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatNumber, formatUserDate } from '../../lib/format';
import { JsonBlock } from './JsonBlock';
import { usePoolLabels } from './labels';
import { ScoreBar } from './ScoreBar';

export type Decision = RouterOutputs['aiPool']['decisions']['decisions'][number];

/** A run's input without what is shown on its own (the prompts). */
function restOf(input: Record<string, unknown> | null) {
  if (!input) return null;
  const { prompt: _prompt, system: _system, ...rest } = input;
  return rest;
}

/** One agent run in full (doc2 §2 tab 6): input, output, related items, outcome score, time. */
export function DecisionDetailsDialog({
  decision,
  onOpenChange,
}: {
  decision: Decision | null;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useLingui();
  const labels = usePoolLabels();
  const promptId = useId();
  const systemId = useId();
  const inputId = useId();
  const outputId = useId();
  const d = decision;
  const prompt = typeof d?.input_data?.prompt === 'string' ? d.input_data.prompt : null;
  const system = typeof d?.input_data?.system === 'string' ? d.input_data.system : null;
  const related = d
    ? [
        d.related_idea_id !== null && t`Idea #${d.related_idea_id}`,
        d.related_post_id !== null && t`Post #${d.related_post_id}`,
        d.related_feedback_id !== null && t`Feedback #${d.related_feedback_id}`,
      ].filter((v): v is string => Boolean(v))
    : [];

  return (
    <Dialog open={d !== null} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        {d && (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{d.agent_name}</DialogTitle>
              <DialogDescription>
                {labels.actionType(d.action_type)} · {formatUserDate(d.created_at)}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-muted-foreground">
                <Trans>Outcome score</Trans>
              </dt>
              <dd>
                {d.outcome_score === null ? (
                  <span className="text-muted-foreground">
                    <Trans>Not scored yet</Trans>
                  </span>
                ) : (
                  <ScoreBar score={d.outcome_score} />
                )}
              </dd>
              <dt className="font-medium text-muted-foreground">
                <Trans>Related</Trans>
              </dt>
              <dd>{related.length > 0 ? related.join(', ') : '—'}</dd>
              <dt className="font-medium text-muted-foreground">
                <Trans>Model</Trans>
              </dt>
              <dd className="font-mono text-xs">
                {!d.model || d.model === 'offline' ? t`Offline` : d.model}
              </dd>
              <dt className="font-medium text-muted-foreground">
                <Trans>Tokens</Trans>
              </dt>
              <dd className="tabular-nums">
                {!d.prompt_tokens && !d.completion_tokens
                  ? '—'
                  : t`${formatNumber(d.prompt_tokens ?? 0)} in the prompt, ${formatNumber(d.completion_tokens ?? 0)} in the answer`}
              </dd>
              <dt className="font-medium text-muted-foreground">
                <Trans>Latency</Trans>
              </dt>
              <dd className="tabular-nums">
                {d.latency_ms === null ? '—' : t`${formatNumber(d.latency_ms)} ms`}
              </dd>
              <dt className="font-medium text-muted-foreground">
                <Trans>Time</Trans>
              </dt>
              <dd>
                <time dateTime={d.created_at}>{formatUserDate(d.created_at)}</time>
              </dd>
              {d.error && (
                <>
                  <dt className="font-medium text-muted-foreground">
                    <Trans>Error</Trans>
                  </dt>
                  <dd className="break-words text-danger-strong">{d.error}</dd>
                </>
              )}
            </dl>
            {prompt !== null && (
              <section className="flex flex-col gap-1.5">
                <h3 id={promptId} className="text-sm font-medium">
                  <Trans>Prompt</Trans>
                </h3>
                <pre
                  aria-labelledby={promptId}
                  tabIndex={0}
                  className="max-h-60 overflow-auto rounded-md border border-border bg-muted/60 p-3 text-xs break-words whitespace-pre-wrap"
                >
                  {prompt}
                </pre>
              </section>
            )}
            {system !== null && (
              <details className="text-sm">
                <summary id={systemId} className="cursor-pointer font-medium">
                  <Trans>System prompt</Trans>
                </summary>
                <pre
                  aria-labelledby={systemId}
                  className="mt-1.5 max-h-60 overflow-auto rounded-md border border-border bg-muted/60 p-3 text-xs break-words whitespace-pre-wrap"
                >
                  {system}
                </pre>
              </details>
            )}
            <section className="flex flex-col gap-1.5">
              <h3 id={inputId} className="text-sm font-medium">
                <Trans>Input data</Trans>
              </h3>
              <JsonBlock value={restOf(d.input_data)} labelledBy={inputId} />
            </section>
            <section className="flex flex-col gap-1.5">
              <h3 id={outputId} className="text-sm font-medium">
                <Trans>Output data</Trans>
              </h3>
              <JsonBlock value={d.output_data} labelledBy={outputId} />
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
