import { z } from 'zod';
import { WordPressError } from '../errors';
import type { WpTransport } from './transport';

/**
 * Reading Blogfleet's analytics must-use plugin (`blogfleet-analytics.php`, see analytics-plugin.ts):
 * `GET blogfleet/v1/events` and `GET blogfleet/v1/status`, both for users with manage_options.
 */

/** One stored event, as `GET blogfleet/v1/events` answers it. */
export interface AnalyticsEvent {
  /** Increasing id on the site: pull with `after` = the last id seen. */
  id: number;
  /** A page view (at load), or the visitor leaving that view (`duration_ms` on the page). */
  type: 'view' | 'leave';
  /** When the site stored it, UTC, second precision: `2026-11-26T01:02:03Z`. */
  time: string;
  /** Random id of one page view; its leave event carries the same. */
  view_id: string;
  /** 16 hex chars: a hash of the day's salt, address and user agent (the same visitor only within a UTC day). */
  visitor: string;
  /** `location.pathname`, at most 512 chars. */
  path: string;
  /** `document.title` of a view, at most 255 chars; '' for a leave. */
  title: string;
  /** Host of an external referrer, lower-case without `www.`; '' for none, the site itself, or a leave. */
  referrer_host: string;
  /** Time on the page of a leave (0..1 800 000); 0 for a view. */
  duration_ms: number;
}

export interface AnalyticsEventsOptions {
  /** Events with an id above this (default 0: from the first). */
  after?: number;
  /** 1..1000, default 500. */
  limit?: number;
}

export interface AnalyticsEventsPage {
  /** By id, ascending. */
  events: AnalyticsEvent[];
  /** The id of the last event returned, or `after` when there was none: the next call's `after`. */
  last_id: number;
  /** Whether more events follow `last_id` (ask again at once). */
  has_more: boolean;
}

/**
 * `analyticsStatus()`: `installed: false` when the site answers that the plugin's routes do not exist
 * (404 `rest_no_route`); every other failure is thrown as a WordPressError like any other call.
 */
export type AnalyticsStatus =
  | {
      installed: true;
      /** The plugin's version, '1'. */
      version: string;
      /** Events stored (the plugin keeps 30 days). */
      events: number;
      /** The oldest stored event's time (`2026-11-26T01:02:03Z`), or null with none. */
      oldest: string | null;
      /**
       * The newest stored event's id (0 with none). Below a reader's cursor, the site's events started
       * again (a restored or moved site): read from 0.
       */
      last_id: number;
    }
  | { installed: false };

/**
 * Thrown by `analyticsEvents()` when the site does not have the plugin (404 `rest_no_route`). A
 * WordPressError with code NOT_FOUND (so callers that only know WordPressError still see a not-found),
 * told apart with `instanceof` or `isAnalyticsPluginMissing`.
 */
export class AnalyticsPluginMissingError extends WordPressError {
  override name = 'AnalyticsPluginMissingError';
}

export function isAnalyticsPluginMissing(error: unknown): error is AnalyticsPluginMissingError {
  return error instanceof AnalyticsPluginMissingError;
}

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const count = z.number().int().nonnegative();

const eventSchema = z.object({
  id: count,
  type: z.enum(['view', 'leave']),
  time: z.string().regex(ISO_UTC),
  view_id: z.string(),
  visitor: z.string(),
  path: z.string(),
  title: z.string(),
  referrer_host: z.string(),
  duration_ms: count,
});

const eventsSchema = z.object({
  events: z.array(eventSchema),
  last_id: count,
  has_more: z.boolean(),
});

const statusSchema = z.object({
  version: z.string(),
  events: count,
  oldest: z.string().regex(ISO_UTC).nullable(),
  last_id: count,
});

const EVENTS_ROUTE = '/blogfleet/v1/events';
const STATUS_ROUTE = '/blogfleet/v1/status';

function missingPlugin(error: unknown): AnalyticsPluginMissingError | null {
  if (!(error instanceof WordPressError) || error.code !== 'NOT_FOUND') return null;
  if (error.details.wpCode !== 'rest_no_route') return null;
  return new AnalyticsPluginMissingError(
    'NOT_FOUND',
    `The Blogfleet analytics plugin is not installed on this site (${error.details.url ?? 'no route'}): ` +
      'put blogfleet-analytics.php in wp-content/mu-plugins',
    error.details,
    { cause: error },
  );
}

function parsed<T>(schema: z.ZodType<T>, data: unknown, route: string): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new WordPressError(
    'UPSTREAM_ERROR',
    `WordPress answered GET ${route} with an unexpected body${where}: ${issue?.message ?? 'invalid'}`,
  );
}

/** One page of events after `after`; throws AnalyticsPluginMissingError on a site without the plugin. */
export async function analyticsEvents(
  t: WpTransport,
  opts: AnalyticsEventsOptions = {},
): Promise<AnalyticsEventsPage> {
  const after = opts.after ?? 0;
  const limit = opts.limit ?? 500;
  if (!Number.isSafeInteger(after) || after < 0) {
    throw new WordPressError('INVALID', `after must be a whole number ≥ 0, not ${after}`);
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new WordPressError('INVALID', `limit must be a whole number from 1 to 1000, not ${limit}`);
  }
  try {
    const res = await t.request<unknown>('GET', EVENTS_ROUTE, { query: { after, limit } });
    return parsed(eventsSchema, res.data, EVENTS_ROUTE);
  } catch (error) {
    throw missingPlugin(error) ?? error;
  }
}

/** The plugin's version and what it holds, or `{ installed: false }` on a site without it. */
export async function analyticsStatus(t: WpTransport): Promise<AnalyticsStatus> {
  try {
    const res = await t.request<unknown>('GET', STATUS_ROUTE);
    return { installed: true, ...parsed(statusSchema, res.data, STATUS_ROUTE) };
  } catch (error) {
    if (missingPlugin(error)) return { installed: false };
    throw error;
  }
}
