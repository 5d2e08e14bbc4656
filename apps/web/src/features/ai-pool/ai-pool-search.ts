import type { AgentActionType, MetricType } from '@blogfleet/validators';
import { calendarDayField } from '../../lib/calendar-day';
import { listSearchValidator } from '../../lib/list-search';

/** The AI content pool's seven tabs in the spec's order (doc2 §2); the URL carries the name. */
export const POOL_TABS = [
  'dashboard',
  'agents',
  'policies',
  'examples',
  'feedback',
  'decisions',
  'metrics',
] as const;
export type PoolTab = (typeof POOL_TABS)[number];

/**
 * What the pool keeps in its URL: the tab, and the filters of the tab shown (a search, a status, the
 * decisions' agent and action type, the metrics' type and days). Changing tabs starts from no filter.
 */
export interface AiPoolSearch {
  tab?: PoolTab;
  search?: string;
  status?: 'pending_review' | 'active' | 'archived';
  agent_id?: number;
  action_type?: AgentActionType;
  metric_type?: MetricType;
  /** YYYY-MM-DD, as typed (the list call turns it into a date). */
  start_date?: string;
  end_date?: string;
}

const KEYS = [
  'tab',
  'search',
  'status',
  'agent_id',
  'action_type',
  'metric_type',
  'start_date',
  'end_date',
] as const;

type Parsed = { success: boolean; data?: unknown };

/** A tab by name, or by its index (`?tab=2`). */
const tabField = {
  safeParse(value: unknown): Parsed {
    const raw = String(value);
    const tab = /^\d+$/.test(raw) ? POOL_TABS[Number(raw)] : POOL_TABS.find((t) => t === raw);
    return tab ? { success: true, data: tab } : { success: false };
  },
};

export const validateAiPoolSearch = listSearchValidator<AiPoolSearch>(KEYS, (s) => ({
  tab: tabField,
  search: s.listPoliciesInput.shape.search,
  status: s.listPoliciesInput.shape.status,
  agent_id: s.listDecisionsInput.shape.agent_id,
  action_type: s.listDecisionsInput.shape.action_type,
  metric_type: s.listMetricsInput.shape.metric_type,
  start_date: calendarDayField,
  end_date: calendarDayField,
}));
