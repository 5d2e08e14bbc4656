import { Badge, Button, Card, CardContent, EmptyState, Select, Skeleton, Spinner } from '@blogfleet/ui';
import { agentActionTypes, type AgentActionType } from '@blogfleet/validators';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { Bot, Eye, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatNumber, formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import type { AiPoolSearch } from './ai-pool-search';
import { DecisionDetailsDialog, type Decision } from './DecisionDetailsDialog';
import { usePoolLabels } from './labels';
import { PoolLoadError } from './PoolError';
import { ScoreBar } from './ScoreBar';
import { LOG_PAGE, ShowMore } from './ShowMore';

interface Props {
  search: AiPoolSearch;
  setSearch(patch: Partial<AiPoolSearch>): void;
}

/**
 * Agent decisions (doc2 §2 tab 6): one card per agent run, newest first, by agent and action type;
 * details show what went in and what came out.
 */
export function DecisionsTab({ search, setSearch }: Props) {
  const { t } = useLingui();
  const labels = usePoolLabels();
  const [limit, setLimit] = useState(LOG_PAGE);
  const [details, setDetails] = useState<Decision | null>(null);
  useEffect(() => setLimit(LOG_PAGE), [search.agent_id, search.action_type]);
  const agents = trpc.aiPool.agents.list.useQuery();
  const decisions = trpc.aiPool.decisions.useQuery(
    { limit, agent_id: search.agent_id, action_type: search.action_type },
    { placeholderData: keepPreviousData },
  );
  const items = decisions.data?.decisions ?? [];

  // Every agent from the list; before it loads (or when it fails), the seven reference agents (doc2 §9).
  const agentOptions = agents.data
    ? agents.data.agents.map((a) => ({ value: String(a.id), label: a.name }))
    : Object.entries(labels.referenceAgents).map(([id, name]) => ({ value: id, label: name }));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="w-full sm:w-64">
          <Select
            aria-label={t`Agent`}
            value={search.agent_id ? String(search.agent_id) : 'all'}
            onValueChange={(v) => setSearch({ agent_id: v === 'all' ? undefined : Number(v) })}
            options={[{ value: 'all', label: t`All agents` }, ...agentOptions]}
          />
        </div>
        <div className="w-full sm:w-56">
          <Select
            aria-label={t`Action type`}
            value={search.action_type ?? 'all'}
            onValueChange={(v) =>
              setSearch({ action_type: v === 'all' ? undefined : (v as AgentActionType) })
            }
            options={[
              { value: 'all', label: t`All action types` },
              ...agentActionTypes.map((a) => ({ value: a, label: labels.actionType(a) })),
            ]}
          />
        </div>
        {decisions.isFetching && !decisions.isLoading && <Spinner size="sm" label={t`Loading…`} />}
      </div>
      {decisions.isError ? (
        <PoolLoadError error={decisions.error} fallback={t`Failed to load the decisions`} />
      ) : decisions.isLoading ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-40 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Bot aria-hidden />}
            title={
              search.agent_id || search.action_type ? (
                <Trans>No decisions found</Trans>
              ) : (
                <Trans>No decisions yet</Trans>
              )
            }
            description={<Trans>Every agent run leaves a decision here: generate ideas to see some.</Trans>}
          />
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t`Agent decisions`}>
          {items.map((d) => (
            <li key={d.id}>
              <DecisionCard decision={d} onDetails={() => setDetails(d)} />
            </li>
          ))}
        </ul>
      )}
      <ShowMore
        shown={items.length}
        limit={limit}
        loading={decisions.isFetching}
        onMore={() => setLimit((l) => l + LOG_PAGE)}
      />
      <DecisionDetailsDialog decision={details} onOpenChange={(open) => !open && setDetails(null)} />
    </div>
  );
}

function DecisionCard({ decision: d, onDetails }: { decision: Decision; onDetails(): void }) {
  const { t } = useLingui();
  const labels = usePoolLabels();
  const offline = !d.model || d.model === 'offline';
  // The offline generator spends none: a count is shown only when a model was paid.
  const spent = (d.prompt_tokens ?? 0) + (d.completion_tokens ?? 0);
  const tokens = spent > 0 ? spent : null;
  const facts = [
    offline ? t`Offline` : d.model,
    tokens === null ? null : t({ message: plural(tokens, { one: '# token', other: '# tokens' }) }),
    d.latency_ms === null
      ? null
      : d.latency_ms < 1000
        ? t`${formatNumber(d.latency_ms)} ms`
        : t`${formatNumber(d.latency_ms / 1000, { maximumFractionDigits: 1 })} s`,
  ].filter((v): v is string => Boolean(v));

  return (
    <Card className="h-full" data-testid={`decision-${d.id}`}>
      <CardContent className="flex h-full flex-col gap-3 pt-5">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold break-words">{d.agent_name}</h3>
            <Badge variant={d.error ? 'danger' : 'primary'} className="mt-1">
              {labels.actionType(d.action_type)}
            </Badge>
          </div>
          <Button
            size="sm"
            variant="ghost"
            className="h-10 shrink-0 md:h-8"
            aria-label={t`Details of decision ${d.id}`}
            onClick={onDetails}
          >
            <Eye className="size-4" aria-hidden />
            <Trans>Details</Trans>
          </Button>
        </div>
        <p className="font-mono text-xs text-muted-foreground">{facts.join(' · ')}</p>
        {d.outcome_score !== null && <ScoreBar score={d.outcome_score} />}
        {d.error && (
          <p className="flex items-start gap-1.5 text-sm break-words text-danger-strong">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="line-clamp-3">{d.error}</span>
          </p>
        )}
        <time dateTime={d.created_at} className="mt-auto text-xs text-muted-foreground">
          {formatUserDate(d.created_at)}
        </time>
      </CardContent>
    </Card>
  );
}
