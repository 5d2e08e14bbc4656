import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from './core';

/**
 * `numeric` columns: the drivers are configured (create-db.ts) to parse them into JS numbers;
 * writes accept a number or its decimal text.
 */
export type Numeric = ColumnType<number, number | string, number | string>;
export type NullableNumeric = ColumnType<
  number | null,
  number | string | null | undefined,
  number | string | null
>;
export type GeneratedNumeric = ColumnType<number, number | string | undefined, number | string>;

/** `text[]` / `integer[]` columns that default to an empty array. */
export type GeneratedArray<T> = ColumnType<T[], T[] | undefined, T[]>;

/** A `jsonb` object column. Objects are serialised by both drivers; pass arrays as JSON text. */
export type JsonObject = Record<string, unknown>;
export type JsonObjectColumn = JSONColumnType<
  JsonObject,
  JsonObject | string | undefined,
  JsonObject | string
>;
export type NullableJsonObjectColumn = JSONColumnType<
  JsonObject | null,
  JsonObject | string | null | undefined,
  JsonObject | string | null
>;
/**
 * A `jsonb` column that may hold an array or an object. node-postgres would send a JS array as a
 * Postgres array literal, so writes take JSON text: `JSON.stringify(value)`.
 */
export type JsonAnyColumn = JSONColumnType<unknown[] | JsonObject, string | undefined, string>;

// ---------------------------------------------------------------------------------------------
// Domains, DNS/CDN, discovery
// ---------------------------------------------------------------------------------------------

export type DomainStatus = 'available' | 'pending' | 'approved' | 'purchased' | 'taken';
export type CloudflareStatus = 'active' | 'pending' | 'failed' | 'inactive';
export type SslStatus = 'off' | 'flexible' | 'full' | 'strict';
export type DnsRecordType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'SRV';

export interface DomainsTable {
  id: Generated<number>;
  /** Unique ignoring case. */
  domain_name: string;
  target_website: string;
  status: Generated<DomainStatus>;
  score: NullableNumeric;
  price_cents: number | null;
  estimated_price_cents: number | null;
  is_used: Generated<boolean>;
  is_hosted: Generated<boolean>;
  registrar: string | null;
  purchased_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  cloudflare_zone_id: string | null;
  cloudflare_status: Generated<CloudflareStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** DNS/CDN provider state, one row per domain. */
export interface CdnStatusTable {
  domain_id: number;
  site_id: number | null;
  cloudflare_status: Generated<CloudflareStatus>;
  zone_id: string | null;
  nameservers: GeneratedArray<string>;
  ssl_status: SslStatus | null;
  updated_at: Timestamp;
}

export interface DnsRecordsTable {
  id: Generated<number>;
  domain_id: number;
  /** The record id at the DNS provider, once created there. */
  provider_record_id: string | null;
  type: DnsRecordType;
  name: string;
  content: string;
  /** 1 means Auto; otherwise at least 60 seconds. */
  ttl: Generated<number>;
  proxied: Generated<boolean>;
  priority: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DnsSettingsHistoryTable {
  id: Generated<number>;
  domain_id: number;
  action_type: string;
  details: JsonObjectColumn;
  created_by: number | null;
  created_at: Timestamp;
}

/** One "discover" request and its inputs; its ideas are in domain_discovery_ideas. */
export interface DomainDiscoveryRunsTable {
  id: Generated<number>;
  target_website: string;
  prompt: string | null;
  tlds: GeneratedArray<string>;
  sample_domains: GeneratedArray<string>;
  cheap_domains_only: Generated<boolean>;
  max_price_cents: number | null;
  search_limit: Generated<number>;
  prefix_suffix_list: GeneratedArray<string>;
  total_ideas: Generated<number>;
  checked_domains: Generated<number>;
  available_domains: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
}

export interface DomainDiscoveryIdeasTable {
  id: Generated<number>;
  run_id: number;
  domain: string;
  /** 0 to 10. */
  score: GeneratedNumeric;
  strengths: GeneratedArray<string>;
  recommendation: string | null;
  price_cents: number | null;
  /** null = availability unknown. */
  available: boolean | null;
  created_at: Timestamp;
}

// ---------------------------------------------------------------------------------------------
// Sites and their WordPress copies
// ---------------------------------------------------------------------------------------------

export type SiteLanguage = 'en' | 'tr' | 'es';
export type SiteStatus = 'active' | 'inactive' | 'setup';
export type SitePostStatus = 'draft' | 'published' | 'scheduled' | 'pending' | 'private' | 'trash';

export interface SitesTable {
  id: Generated<number>;
  site_title: string;
  site_slogan: string | null;
  domain_id: number | null;
  domain_name: string;
  target_website: string | null;
  targeted_language: Generated<SiteLanguage>;
  default_timezone: Generated<string>;
  status: Generated<SiteStatus>;
  wp_api_url: string | null;
  wp_username: string | null;
  /** Encrypted WordPress application password. */
  wp_app_password_ciphertext: string | null;
  wp_consumer_key: string | null;
  /** Encrypted WooCommerce/REST consumer secret. */
  wp_consumer_secret_ciphertext: string | null;
  theme: Generated<string>;
  currency: Generated<string>;
  /** Contains a placeholder for the referral id. */
  referral_link_format: string | null;
  permalink_structure: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_synced_at: NullableTimestamp;
  /** The pull, push or sync holding the site (see 0014), and until when. */
  sync_lease_id: string | null;
  sync_lease_until: NullableTimestamp;
  /** Provisioned by Blogfleet on its own hosting target (Delete WP removes it there). */
  hosted_here: Generated<boolean>;
  /** Encrypted JSON of the full credentials of a site Blogfleet provisioned. */
  credentials_ciphertext: string | null;
  /** When its creator was shown the credentials (they are shown once). */
  credentials_shown_at: NullableTimestamp;
  /** The publishing cadence: this many assigned posts published a week (0: off), the last one when. */
  posts_per_week: Generated<number>;
  cadence_published_at: NullableTimestamp;
  /** Why the cadence's last turn did not publish (cleared by the next that does). */
  cadence_error: string | null;
  /** Uptime (0027): up or down after the checks (null: not known yet; down after two failures in a row). */
  uptime_status: 'up' | 'down' | null;
  /** Failed checks in a row. */
  uptime_failures: Generated<number>;
  /** The last check (or the claim of the one under way), when the status last changed, the last response time. */
  uptime_checked_at: NullableTimestamp;
  uptime_changed_at: NullableTimestamp;
  uptime_response_ms: number | null;
}

/** A site's posts as stored in (or bound for) WordPress. */
export interface SitePostsTable {
  id: Generated<number>;
  site_id: number;
  /** The post id in WordPress once it exists there; unique per site. */
  wp_post_id: number | null;
  title: string;
  content: Generated<string>;
  excerpt: Generated<string>;
  status: Generated<SitePostStatus>;
  scheduled_date: NullableTimestamp;
  featured_image: string | null;
  word_count: Generated<number>;
  views: Generated<number>;
  /** 0 to 100 (shown as score/20 stars). */
  score: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** WordPress's modified time of the version this row was last made equal to; a push compares it. */
  wp_modified_gmt: NullableTimestamp;
  /** WordPress term ids (categories, tags) and featured media id of the post. */
  category_ids: Generated<number[]>;
  tag_ids: Generated<number[]>;
  featured_media_id: number | null;
  /** Changed here and not yet on WordPress: the next push sends it. */
  needs_push: Generated<boolean>;
}

/** A local version of a post set aside by a conflict (WordPress's version was kept), restorable. */
export interface SitePostRevisionsTable {
  id: Generated<number>;
  post_id: number;
  site_id: number;
  /** conflict: set aside by a push or edit; restored_over: the version a restore replaced. */
  reason: 'conflict' | 'restored_over';
  title: string;
  content: string;
  excerpt: string;
  status: string;
  scheduled_date: NullableTimestamp;
  category_ids: Generated<number[]>;
  tag_ids: Generated<number[]>;
  featured_media_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  restored_at: NullableTimestamp;
}

export interface WpCategoriesTable {
  id: Generated<number>;
  site_id: number;
  wp_id: number;
  name: string;
  slug: string;
  count: Generated<number>;
  description: Generated<string>;
  parent_wp_id: number | null;
}

export interface WpTagsTable {
  id: Generated<number>;
  site_id: number;
  wp_id: number;
  name: string;
  slug: string;
  count: Generated<number>;
}

export interface WpMediaTable {
  id: Generated<number>;
  site_id: number;
  wp_id: number;
  source_url: string;
  title: Generated<string>;
  mime_type: string | null;
  /** WordPress's smaller copy of the image (medium, else thumbnail size). */
  thumbnail_url: string | null;
  created_at: Timestamp;
}

export interface SiteScreenshotsTable {
  id: Generated<number>;
  site_id: number;
  /** Where the server serves the full-page image (`/files/screenshots/{siteId}/{name}.png`). */
  image_url: string;
  thumbnail_url: string | null;
  page_url: string | null;
  width: number | null;
  height: number | null;
  /** Size of the full image. */
  bytes: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

/** A performance test of a site's home page in Chromium (first-time visitor, no cache). */
export interface SitePerformanceTestsTable {
  id: Generated<number>;
  site_id: number;
  url: string;
  ttfb_ms: number;
  fcp_ms: number | null;
  load_ms: number;
  page_weight_bytes: ColumnType<string, number, number>;
  request_count: number;
  created_by: number | null;
  created_at: Generated<Date>;
}

export type TrafficRequestStatus = 'pending' | 'active' | 'completed' | 'failed' | 'cancelled';

export interface TrafficRequestsTable {
  id: Generated<number>;
  site_id: number;
  unique_users: number;
  duration_days: number;
  target_pages: GeneratedArray<string>;
  status: Generated<TrafficRequestStatus>;
  delivered_visits: Generated<number>;
  /** Percentage 0 to 100. */
  completion_rate: GeneratedNumeric;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// ---------------------------------------------------------------------------------------------
// Keywords and keyword groups
// ---------------------------------------------------------------------------------------------

export type CompetitionLevel = 'low' | 'medium' | 'high';
export type KeywordGroupPriority = 'high' | 'medium' | 'low';
export type KeywordGroupStatus = 'active' | 'pending' | 'inactive' | 'used';
export type AssignmentStatus = 'active' | 'inactive';

export interface KeywordsTable {
  id: Generated<number>;
  /** Unique per target website, ignoring case. */
  keyword_text: string;
  target_website: string;
  /** Monthly searches, CPC (USD) and difficulty (0–100) from the keyword data provider; null: not known. */
  search_volume: ColumnType<number | null, number | null | undefined, number | null>;
  competition_level: ColumnType<
    CompetitionLevel | null,
    CompetitionLevel | null | undefined,
    CompetitionLevel | null
  >;
  cpc: NullableNumeric;
  keyword_difficulty: ColumnType<number | null, number | null | undefined, number | null>;
  metrics_updated_at: NullableTimestamp;
  /** 0 to 1. */
  commercial_intent: GeneratedNumeric;
  /** 0 to 100: computed from the metrics (services/keyword-score.ts) unless set by hand. */
  score: GeneratedNumeric;
  score_set_by_hand: Generated<boolean>;
  is_used: Generated<boolean>;
  /** Active site assignments; kept by a trigger on keyword_sites (a keyword with any is "active"). */
  active_site_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KeywordGroupsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  primary_keyword_id: number | null;
  is_prioritized: Generated<boolean>;
  /** 0 to 10. */
  score: GeneratedNumeric;
  priority: Generated<KeywordGroupPriority>;
  /** Chosen by someone; otherwise derived from the prioritized flag and the score. */
  priority_set_by_hand: Generated<boolean>;
  status: Generated<KeywordGroupStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Group membership; at most one row per group has is_primary. */
export interface KeywordGroupKeywordsTable {
  group_id: number;
  keyword_id: number;
  is_primary: Generated<boolean>;
  position: Generated<number>;
}

export interface KeywordSitesTable {
  keyword_id: number;
  site_id: number;
  status: Generated<AssignmentStatus>;
  assigned_at: Timestamp;
  /** Assigned by hand (kept when groups come and go), or only with the site's keyword groups. */
  by_hand: Generated<boolean>;
}

export interface KeywordGroupSitesTable {
  group_id: number;
  site_id: number;
  status: Generated<AssignmentStatus>;
  assigned_at: Timestamp;
}

// ---------------------------------------------------------------------------------------------
// Content management
// ---------------------------------------------------------------------------------------------

export type ContentItemType = 'article' | 'page' | 'post';
export type ContentItemStatus = 'published' | 'pending' | 'draft';

export interface ContentItemsTable {
  id: Generated<number>;
  site_id: number | null;
  keyword_group_id: number | null;
  title: string;
  content: Generated<string>;
  type: Generated<ContentItemType>;
  status: Generated<ContentItemStatus>;
  word_count: Generated<number>;
  /** 0 to 10. */
  seo_score: NullableNumeric;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The site's post it was saved as (articles and posts). */
  site_post_id: number | null;
  /** The WordPress page it was saved as (pages). */
  wp_page_id: number | null;
  meta_description: Generated<string>;
  focus_keyword: Generated<string>;
  keywords: GeneratedArray<string>;
  /** What the SEO checker found, one entry per check. */
  seo_checks: JSONColumnType<SeoCheckRow[], string | undefined, string>;
  /** `offline` or the model that wrote it. */
  generator: string | null;
  job_id: string | null;
  published_at: NullableTimestamp;
  created_by: number | null;
  /** Its words changed on the site since the SEO checker last read them. */
  seo_stale: Generated<boolean>;
}

/** One check of the SEO checker as stored (services/seo-check.ts defines them). */
export interface SeoCheckRow {
  id: string;
  points: number;
  max: number;
  detail: Record<string, number | string | boolean | null>;
}

// ---------------------------------------------------------------------------------------------
// AI content pool
// ---------------------------------------------------------------------------------------------

export type AgentActionType =
  | 'generate_idea'
  | 'evaluate_idea'
  | 'rewrite_idea'
  | 'generate_post'
  | 'rewrite_post'
  | 'generate_feedback'
  | 'synthesize_policy'
  | 'analyze_performance';
export type IdeaStatus =
  'pending_review' | 'approved' | 'rejected' | 'needs_rewrite' | 'promoted' | 'rewritten';
export type IdeaLanguage = 'en' | 'tr' | 'es' | 'fr' | 'de';
export type AiPostStatus = 'draft' | 'ready' | 'assigned' | 'published' | 'archived' | 'pending';
export type PolicyStatus = 'pending_review' | 'active' | 'archived';
export type ContentExampleStatus = 'active' | 'archived';
export type FeedbackType = 'positive' | 'negative' | 'neutral';
export type FeedbackCategory =
  'tone' | 'clarity' | 'engagement' | 'accuracy' | 'structure' | 'relevance' | 'other';
export type ContentSegment = 'none' | 'full' | 'headline' | 'intro' | 'body' | 'conclusion';
export type MetricType =
  | 'human_edit_time'
  | 'publish_time'
  | 'time_to_approve'
  | 'time_to_reject'
  | 'seo_score'
  | 'engagement_rate'
  | 'approval_rate';

export interface AgentsTable {
  /** Identity "by default": reference agents 1..7 are seeded with fixed ids. */
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  prompt_template: Generated<string>;
  is_active: Generated<boolean>;
  action_type: AgentActionType;
  trigger: Generated<string>;
  model: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AiIdeasTable {
  id: Generated<number>;
  idea_text: string;
  status: Generated<IdeaStatus>;
  /** Scores 0 to 5. */
  quality_score: NullableNumeric;
  seo_score: NullableNumeric;
  relevance_score: NullableNumeric;
  source_keywords: GeneratedArray<string>;
  website_id: number | null;
  agent_id: number | null;
  language: Generated<IdeaLanguage>;
  generated_offline: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The evaluation agent's advice: approved, needs_rewrite or rejected, and why. */
  recommendation: string | null;
  evaluation_reason: string | null;
  /** What the reviewer asked the rewriter to change. */
  review_note: string | null;
  reviewed_at: NullableTimestamp;
  job_id: string | null;
  /** The run that wrote it. */
  decision_id: number | null;
}

export interface AiPostsTable {
  id: Generated<number>;
  idea_id: number | null;
  website_id: number | null;
  title: string;
  seo_title: string | null;
  meta_description: string | null;
  content: Generated<string>;
  status: Generated<AiPostStatus>;
  /** Scores 0 to 10. */
  quality_score: NullableNumeric;
  seo_score: NullableNumeric;
  readability_score: NullableNumeric;
  target_keywords: GeneratedArray<string>;
  tags: GeneratedArray<string>;
  keyword_group_id: number | null;
  generated_offline: Generated<boolean>;
  published_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The site's post it was published as. */
  site_post_id: number | null;
  job_id: string | null;
  created_by: number | null;
  assigned_at: NullableTimestamp;
  /** Claimed by a publisher until then (WordPress is being asked). */
  publishing_until: NullableTimestamp;
}

export interface PoliciesTable {
  id: Generated<number>;
  trait: string;
  guiding_principle: string;
  context: JsonObjectColumn;
  /** Object or array; write as JSON text. */
  examples: JsonAnyColumn;
  status: Generated<PolicyStatus>;
  source_feedback_ids: GeneratedArray<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** metadata: { audience, genre, tone, seo_title, meta_description, target_keywords[] }. */
export interface ContentExamplesTable {
  id: Generated<number>;
  title: string;
  content: string;
  status: Generated<ContentExampleStatus>;
  metadata: JsonObjectColumn;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  idea_pool_id: number | null;
  post_pool_id: number | null;
  feedback_text: string;
  feedback_type: Generated<FeedbackType>;
  category: Generated<FeedbackCategory>;
  content_segment: Generated<ContentSegment>;
  /** 1 to 5. */
  score: Generated<number>;
  is_synthesized: Generated<boolean>;
  /** Recorded from an editor's action (approve, reject, edit), not written by hand. */
  implicit: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
}

export interface AgentDecisionsTable {
  id: Generated<number>;
  agent_id: number | null;
  /** Kept so the log still reads after the agent is deleted. */
  agent_name: string;
  action_type: AgentActionType;
  input_data: NullableJsonObjectColumn;
  output_data: NullableJsonObjectColumn;
  related_idea_id: number | null;
  related_post_id: number | null;
  related_feedback_id: number | null;
  outcome_score: NullableNumeric;
  created_at: Timestamp;
  /** The model that answered, or `offline`. */
  model: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  latency_ms: number | null;
  /** Why the run failed (no output then). */
  error: string | null;
}

/** Times in seconds; rates and scores as percentages. */
export interface MetricsTable {
  id: Generated<number>;
  metric_type: MetricType;
  value: Numeric;
  post_pool_id: number | null;
  idea_pool_id: number | null;
  recorded_at: Timestamp;
}

export interface ContentTables {
  domains: DomainsTable;
  cdn_status: CdnStatusTable;
  dns_records: DnsRecordsTable;
  dns_settings_history: DnsSettingsHistoryTable;
  domain_discovery_runs: DomainDiscoveryRunsTable;
  domain_discovery_ideas: DomainDiscoveryIdeasTable;
  sites: SitesTable;
  site_posts: SitePostsTable;
  site_post_revisions: SitePostRevisionsTable;
  wp_categories: WpCategoriesTable;
  wp_tags: WpTagsTable;
  wp_media: WpMediaTable;
  site_screenshots: SiteScreenshotsTable;
  site_performance_tests: SitePerformanceTestsTable;
  traffic_requests: TrafficRequestsTable;
  keywords: KeywordsTable;
  keyword_groups: KeywordGroupsTable;
  keyword_group_keywords: KeywordGroupKeywordsTable;
  keyword_sites: KeywordSitesTable;
  keyword_group_sites: KeywordGroupSitesTable;
  content_items: ContentItemsTable;
  agents: AgentsTable;
  ai_ideas: AiIdeasTable;
  ai_posts: AiPostsTable;
  policies: PoliciesTable;
  content_examples: ContentExamplesTable;
  feedback: FeedbackTable;
  agent_decisions: AgentDecisionsTable;
  metrics: MetricsTable;
}
