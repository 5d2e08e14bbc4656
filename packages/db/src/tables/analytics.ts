import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from './core';

/** A `date` column, always selected as text (`period::text`): the drivers would make a local-midnight Date. */
export type DateText = ColumnType<string, string, string>;

/** 'd': a UTC day; 'm': a month, its period the month's first day. */
export type AnalyticsGrain = 'd' | 'm';

export interface AnalyticsCursorsTable {
  site_id: number;
  /** The last plugin event id folded in; the next pull asks for events after it. */
  last_event_id: Generated<number>;
  pulled_at: NullableTimestamp;
  events_pulled: Generated<number>;
  /** Why the last pull failed (the plugin missing, the site unreachable), cleared by a good pull. */
  error: string | null;
  error_at: NullableTimestamp;
}

/** A visitor's day on a site: what makes a bounce and a session's duration countable across pulls. */
export interface AnalyticsSessionsTable {
  site_id: number;
  day: DateText;
  visitor: string;
  pageviews: number;
  duration_ms: Generated<number>;
}

interface Totals {
  visitors: Generated<number>;
  pageviews: Generated<number>;
  sessions: Generated<number>;
  bounces: Generated<number>;
  duration_ms: Generated<number>;
}

export interface AnalyticsSiteStatsTable extends Totals {
  site_id: number;
  grain: AnalyticsGrain;
  period: DateText;
}

export interface AnalyticsPageStatsTable {
  site_id: number;
  grain: AnalyticsGrain;
  period: DateText;
  path: string;
  title: Generated<string>;
  views: Generated<number>;
}

export interface AnalyticsSourceStatsTable {
  site_id: number;
  grain: AnalyticsGrain;
  period: DateText;
  /** The referrer's host, or 'direct'. */
  source: string;
  visitors: Generated<number>;
}

export interface AnalyticsFleetStatsTable extends Totals {
  grain: AnalyticsGrain;
  period: DateText;
}

export interface AnalyticsFleetSourcesTable {
  grain: AnalyticsGrain;
  period: DateText;
  source: string;
  visitors: Generated<number>;
}

/** First-party analytics pulled from the sites' must-use plugin, as daily and monthly aggregates. */
export interface AnalyticsTables {
  analytics_cursors: AnalyticsCursorsTable;
  analytics_sessions: AnalyticsSessionsTable;
  analytics_site_stats: AnalyticsSiteStatsTable;
  analytics_page_stats: AnalyticsPageStatsTable;
  analytics_source_stats: AnalyticsSourceStatsTable;
  analytics_fleet_stats: AnalyticsFleetStatsTable;
  analytics_fleet_sources: AnalyticsFleetSourcesTable;
}
