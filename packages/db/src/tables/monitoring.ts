import type { Generated, JSONColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from './core';

/** Up or down, as the uptime checks found it (null on a site: not known yet). */
export type UptimeStatus = 'up' | 'down';

/** One uptime check of a site: its home page, then its REST root (see services/uptime.ts). */
export interface UptimeChecksTable {
  id: Generated<number>;
  site_id: number;
  checked_at: Timestamp;
  up: boolean;
  /** The HTTP status of the request that decided (the failing one, or the home page's); null: no answer. */
  status_code: number | null;
  /** Time to the home page's answer; null when it did not answer. */
  response_ms: number | null;
  /** Why the check failed (timeout, refused, HTTP 503 of the REST root …); null when up. */
  error: string | null;
}

/** What a user is told: a site went down or came back, a job of theirs ended, a zone turned active. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** site.down, site.up, job.completed, job.failed, domain.purchased, dns.zone_active */
  kind: string;
  title: string;
  body: string;
  /** What title and body name (the site, the job…), for a client that says them in its language. */
  params: JSONColumnType<Record<string, unknown>, Record<string, unknown> | undefined>;
  /** An app path, e.g. `/sites/12` or `/domains`; null when there is nowhere to go. */
  link: string | null;
  subject_type: string | null;
  subject_id: string | null;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

export interface MonitoringTables {
  uptime_checks: UptimeChecksTable;
  notifications: NotificationsTable;
}
