import { sql, type Kysely, type RawBuilder } from 'kysely';

/** `column IN ('a', 'b', ...)` for a CHECK constraint; the values are constants of this file. */
function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);
}

const now = sql`now()`;
const emptyTextArray = sql`'{}'::text[]`;

const CLOUDFLARE_STATUSES = ['active', 'pending', 'failed', 'inactive'] as const;
const AGENT_ACTION_TYPES = [
  'generate_idea',
  'evaluate_idea',
  'rewrite_idea',
  'generate_post',
  'rewrite_post',
  'generate_feedback',
  'synthesize_policy',
  'analyze_performance',
] as const;

/** Domains, sites and their WordPress copies, keywords, content and the AI content pool. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- Domains -------------------------------------------------------------------------------
  await db.schema
    .createTable('domains')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('domain_name', 'text', (c) => c.notNull().check(sql`btrim(domain_name) <> ''`))
    .addColumn('target_website', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('available')
        .check(oneOf('status', ['available', 'pending', 'approved', 'purchased', 'taken'])),
    )
    .addColumn('score', 'numeric')
    .addColumn('price_cents', 'integer', (c) => c.check(sql`price_cents >= 0`))
    .addColumn('estimated_price_cents', 'integer', (c) => c.check(sql`estimated_price_cents >= 0`))
    .addColumn('is_used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_hosted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('registrar', 'text')
    .addColumn('purchased_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('cloudflare_zone_id', 'text')
    .addColumn('cloudflare_status', 'text', (c) =>
      c.notNull().defaultTo('inactive').check(oneOf('cloudflare_status', CLOUDFLARE_STATUSES)),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE UNIQUE INDEX domains_domain_name_key ON domains (lower(domain_name))`.execute(db);
  await db.schema.createIndex('domains_domain_name_idx').on('domains').column('domain_name').execute();
  await db.schema.createIndex('domains_status_idx').on('domains').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('domains_target_website_idx')
    .on('domains')
    .columns(['target_website', 'created_at'])
    .execute();
  await db.schema.createIndex('domains_created_idx').on('domains').column('created_at').execute();
  await sql`CREATE INDEX domains_domain_name_trgm ON domains USING gin (domain_name gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX domains_target_website_trgm ON domains USING gin (target_website gin_trgm_ops)`.execute(
    db,
  );

  // ---- Sites ---------------------------------------------------------------------------------
  await db.schema
    .createTable('sites')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_title', 'text', (c) => c.notNull())
    .addColumn('site_slogan', 'text')
    .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('set null'))
    .addColumn('domain_name', 'text', (c) => c.notNull())
    .addColumn('target_website', 'text')
    .addColumn('targeted_language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(oneOf('targeted_language', ['en', 'tr', 'es'])),
    )
    .addColumn('default_timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('setup')
        .check(oneOf('status', ['active', 'inactive', 'setup'])),
    )
    .addColumn('wp_api_url', 'text')
    .addColumn('wp_username', 'text')
    .addColumn('wp_app_password_ciphertext', 'text')
    .addColumn('wp_consumer_key', 'text')
    .addColumn('wp_consumer_secret_ciphertext', 'text')
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('affiliate-pro'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('referral_link_format', 'text')
    .addColumn('permalink_structure', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_synced_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sites_status_idx').on('sites').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('sites_language_idx').on('sites').column('targeted_language').execute();
  await db.schema.createIndex('sites_domain_name_idx').on('sites').column('domain_name').execute();
  await db.schema.createIndex('sites_domain_id_idx').on('sites').column('domain_id').execute();
  await db.schema.createIndex('sites_created_idx').on('sites').column('created_at').execute();
  await sql`CREATE INDEX sites_domain_name_trgm ON sites USING gin (domain_name gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('site_posts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('wp_post_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(oneOf('status', ['draft', 'published', 'scheduled', 'pending', 'private', 'trash'])),
    )
    .addColumn('scheduled_date', 'timestamptz')
    .addColumn('featured_image', 'text')
    .addColumn('word_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`word_count >= 0`),
    )
    .addColumn('views', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`views >= 0`),
    )
    .addColumn('score', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`score BETWEEN 0 AND 100`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('site_posts_wp_post_key')
    .on('site_posts')
    .columns(['site_id', 'wp_post_id'])
    .unique()
    .where(sql.ref('wp_post_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('site_posts_site_status_idx')
    .on('site_posts')
    .columns(['site_id', 'status'])
    .execute();
  await db.schema
    .createIndex('site_posts_site_created_idx')
    .on('site_posts')
    .columns(['site_id', 'created_at'])
    .execute();
  await sql`CREATE INDEX site_posts_title_trgm ON site_posts USING gin (title gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('wp_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('wp_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_wp_id', 'integer')
    .addUniqueConstraint('wp_categories_site_wp_key', ['site_id', 'wp_id'])
    .execute();

  await db.schema
    .createTable('wp_tags')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('wp_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('wp_tags_site_wp_key', ['site_id', 'wp_id'])
    .execute();

  await db.schema
    .createTable('wp_media')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('wp_id', 'integer', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mime_type', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('wp_media_site_wp_key', ['site_id', 'wp_id'])
    .execute();

  await db.schema
    .createTable('site_screenshots')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('page_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX site_screenshots_site_created_idx ON site_screenshots (site_id, created_at DESC)`.execute(
    db,
  );

  await db.schema
    .createTable('traffic_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('unique_users', 'integer', (c) => c.notNull().check(sql`unique_users > 0`))
    .addColumn('duration_days', 'integer', (c) => c.notNull().check(sql`duration_days > 0`))
    .addColumn('target_pages', sql`text[]`, (c) => c.notNull().defaultTo(emptyTextArray))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(oneOf('status', ['pending', 'active', 'completed', 'failed', 'cancelled'])),
    )
    .addColumn('delivered_visits', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`delivered_visits >= 0`),
    )
    .addColumn('completion_rate', 'numeric(5, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`completion_rate BETWEEN 0 AND 100`),
    )
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('traffic_requests_site_created_idx')
    .on('traffic_requests')
    .columns(['site_id', 'created_at'])
    .execute();

  // ---- DNS/CDN -------------------------------------------------------------------------------
  await db.schema
    .createTable('cdn_status')
    .addColumn('domain_id', 'integer', (c) => c.primaryKey().references('domains.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('cloudflare_status', 'text', (c) =>
      c.notNull().defaultTo('inactive').check(oneOf('cloudflare_status', CLOUDFLARE_STATUSES)),
    )
    .addColumn('zone_id', 'text')
    .addColumn('nameservers', sql`text[]`, (c) => c.notNull().defaultTo(emptyTextArray))
    .addColumn('ssl_status', 'text', (c) =>
      c.check(oneOf('ssl_status', ['off', 'flexible', 'full', 'strict'])),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('cdn_status_site_idx').on('cdn_status').column('site_id').execute();

  await db.schema
    .createTable('dns_records')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('provider_record_id', 'text')
    .addColumn('type', 'text', (c) =>
      c.notNull().check(oneOf('type', ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV'])),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('ttl', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(3600)
        .check(sql`ttl = 1 OR ttl >= 60`),
    )
    .addColumn('proxied', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('priority', 'integer', (c) => c.check(sql`priority >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('dns_records_domain_idx').on('dns_records').column('domain_id').execute();

  await db.schema
    .createTable('dns_settings_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('action_type', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('dns_settings_history_domain_created_idx')
    .on('dns_settings_history')
    .columns(['domain_id', 'created_at'])
    .execute();

  // ---- Domain discovery ----------------------------------------------------------------------
  await db.schema
    .createTable('domain_discovery_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('target_website', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text')
    .addColumn('tlds', sql`text[]`, (c) => c.notNull().defaultTo(emptyTextArray))
    .addColumn('sample_domains', sql`text[]`, (c) => c.notNull().defaultTo(emptyTextArray))
    .addColumn('cheap_domains_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_price_cents', 'integer', (c) => c.check(sql`max_price_cents >= 0`))
    .addColumn('search_limit', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(20)
        .check(sql`search_limit > 0`),
    )
    .addColumn('prefix_suffix_list', sql`text[]`, (c) => c.notNull().defaultTo(emptyTextArray))
    .addColumn('total_ideas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked_domains', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_domains', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // "Find new ideas" looks up earlier runs for the same target website.
  await sql`CREATE INDEX domain_discovery_runs_target_idx ON domain_discovery_runs (lower(target_website), created_at)`.execute(
    db,
  );

  await db.schema
    .createTable('domain_discovery_ideas')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('run_id', 'integer', (c) =>
      c.notNull().references('domain_discovery_runs.id').onDelete('cascade'),
    )
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('score', 'numeric(4, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`score BETWEEN 0 AND 10`),
    )
    .addColumn('strengths', sql`text[]`, (c) => c.notNull().defaultTo(emptyTextArray))
    .addColumn('recommendation', 'text')
    .addColumn('price_cents', 'integer', (c) => c.check(sql`price_cents >= 0`))
    .addColumn('available', 'boolean')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE UNIQUE INDEX domain_discovery_ideas_run_domain_key ON domain_discovery_ideas (run_id, lower(domain))`.execute(
    db,
  );
  await sql`CREATE INDEX domain_discovery_ideas_domain_idx ON domain_discovery_ideas (lower(domain))`.execute(
    db,
  );

  // ---- Keywords and groups -------------------------------------------------------------------
  await db.schema
    .createTable('keywords')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('keyword_text', 'text', (c) => c.notNull().check(sql`btrim(keyword_text) <> ''`))
    .addColumn('target_website', 'text', (c) => c.notNull())
    .addColumn('search_volume', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`search_volume >= 0`),
    )
    .addColumn('competition_level', 'text', (c) =>
      c
        .notNull()
        .defaultTo('medium')
        .check(oneOf('competition_level', ['low', 'medium', 'high'])),
    )
    .addColumn('commercial_intent', 'numeric(3, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`commercial_intent BETWEEN 0 AND 1`),
    )
    .addColumn('score', 'numeric(5, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`score BETWEEN 0 AND 100`),
    )
    .addColumn('is_used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE UNIQUE INDEX keywords_website_text_key ON keywords (lower(target_website), lower(keyword_text))`.execute(
    db,
  );
  await db.schema
    .createIndex('keywords_target_website_idx')
    .on('keywords')
    .column('target_website')
    .execute();
  await db.schema.createIndex('keywords_is_used_idx').on('keywords').column('is_used').execute();
  await db.schema.createIndex('keywords_score_idx').on('keywords').column('score').execute();
  await db.schema.createIndex('keywords_created_idx').on('keywords').column('created_at').execute();
  await sql`CREATE INDEX keywords_keyword_text_trgm ON keywords USING gin (keyword_text gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable('keyword_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`btrim(name) <> ''`))
    .addColumn('description', 'text')
    .addColumn('primary_keyword_id', 'integer', (c) => c.references('keywords.id').onDelete('set null'))
    .addColumn('is_prioritized', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('score', 'numeric(4, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`score BETWEEN 0 AND 10`),
    )
    .addColumn('priority', 'text', (c) =>
      c
        .notNull()
        .defaultTo('medium')
        .check(oneOf('priority', ['high', 'medium', 'low'])),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(oneOf('status', ['active', 'pending', 'inactive', 'used'])),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('keyword_groups_status_idx').on('keyword_groups').column('status').execute();
  await db.schema
    .createIndex('keyword_groups_priority_idx')
    .on('keyword_groups')
    .column('priority')
    .execute();
  await db.schema
    .createIndex('keyword_groups_created_idx')
    .on('keyword_groups')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('keyword_groups_primary_keyword_idx')
    .on('keyword_groups')
    .column('primary_keyword_id')
    .execute();

  await db.schema
    .createTable('keyword_group_keywords')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('keyword_groups.id').onDelete('cascade'))
    .addColumn('keyword_id', 'integer', (c) => c.notNull().references('keywords.id').onDelete('cascade'))
    .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('keyword_group_keywords_pkey', ['group_id', 'keyword_id'])
    .execute();
  await db.schema
    .createIndex('keyword_group_keywords_keyword_idx')
    .on('keyword_group_keywords')
    .column('keyword_id')
    .execute();
  // At most one primary keyword per group.
  await db.schema
    .createIndex('keyword_group_keywords_primary_key')
    .on('keyword_group_keywords')
    .column('group_id')
    .unique()
    .where(sql.ref('is_primary'), '=', true)
    .execute();

  await db.schema
    .createTable('keyword_sites')
    .addColumn('keyword_id', 'integer', (c) => c.notNull().references('keywords.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(oneOf('status', ['active', 'inactive'])),
    )
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('keyword_sites_pkey', ['keyword_id', 'site_id'])
    .execute();
  await db.schema
    .createIndex('keyword_sites_site_status_idx')
    .on('keyword_sites')
    .columns(['site_id', 'status'])
    .execute();

  await db.schema
    .createTable('keyword_group_sites')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('keyword_groups.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(oneOf('status', ['active', 'inactive'])),
    )
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('keyword_group_sites_pkey', ['group_id', 'site_id'])
    .execute();
  await db.schema
    .createIndex('keyword_group_sites_site_status_idx')
    .on('keyword_group_sites')
    .columns(['site_id', 'status'])
    .execute();

  // ---- Content management --------------------------------------------------------------------
  await db.schema
    .createTable('content_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('keyword_group_id', 'integer', (c) => c.references('keyword_groups.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('article')
        .check(oneOf('type', ['article', 'page', 'post'])),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(oneOf('status', ['published', 'pending', 'draft'])),
    )
    .addColumn('word_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`word_count >= 0`),
    )
    .addColumn('seo_score', 'numeric(4, 2)', (c) => c.check(sql`seo_score BETWEEN 0 AND 10`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('content_items_status_idx').on('content_items').column('status').execute();
  await db.schema.createIndex('content_items_created_idx').on('content_items').column('created_at').execute();
  await db.schema.createIndex('content_items_site_idx').on('content_items').column('site_id').execute();
  await db.schema
    .createIndex('content_items_keyword_group_idx')
    .on('content_items')
    .column('keyword_group_id')
    .execute();

  // ---- AI content pool -----------------------------------------------------------------------
  await db.schema
    .createTable('agents')
    // By default (not always): the reference agents 1..7 are seeded with fixed ids.
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prompt_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('action_type', 'text', (c) => c.notNull().check(oneOf('action_type', AGENT_ACTION_TYPES)))
    .addColumn('trigger', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('model', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('ai_ideas')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('idea_text', 'text', (c) => c.notNull().check(sql`btrim(idea_text) <> ''`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending_review')
        .check(
          oneOf('status', [
            'pending_review',
            'approved',
            'rejected',
            'needs_rewrite',
            'promoted',
            'rewritten',
          ]),
        ),
    )
    .addColumn('quality_score', 'numeric(3, 2)', (c) => c.check(sql`quality_score BETWEEN 0 AND 5`))
    .addColumn('seo_score', 'numeric(3, 2)', (c) => c.check(sql`seo_score BETWEEN 0 AND 5`))
    .addColumn('relevance_score', 'numeric(3, 2)', (c) => c.check(sql`relevance_score BETWEEN 0 AND 5`))
    .addColumn('source_keywords', sql`text[]`, (c) => c.notNull().defaultTo(emptyTextArray))
    .addColumn('website_id', 'integer', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('agent_id', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(oneOf('language', ['en', 'tr', 'es', 'fr', 'de'])),
    )
    .addColumn('generated_offline', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('ai_ideas_status_created_idx')
    .on('ai_ideas')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('ai_ideas_created_idx').on('ai_ideas').column('created_at').execute();
  await db.schema.createIndex('ai_ideas_website_idx').on('ai_ideas').column('website_id').execute();
  await sql`CREATE INDEX ai_ideas_idea_text_trgm ON ai_ideas USING gin (idea_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX ai_ideas_source_keywords_gin ON ai_ideas USING gin (source_keywords)`.execute(db);

  await db.schema
    .createTable('ai_posts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('idea_id', 'integer', (c) => c.references('ai_ideas.id').onDelete('set null'))
    .addColumn('website_id', 'integer', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('seo_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(oneOf('status', ['draft', 'ready', 'assigned', 'published', 'archived', 'pending'])),
    )
    .addColumn('quality_score', 'numeric(4, 2)', (c) => c.check(sql`quality_score BETWEEN 0 AND 10`))
    .addColumn('seo_score', 'numeric(4, 2)', (c) => c.check(sql`seo_score BETWEEN 0 AND 10`))
    .addColumn('readability_score', 'numeric(4, 2)', (c) => c.check(sql`readability_score BETWEEN 0 AND 10`))
    .addColumn('target_keywords', sql`text[]`, (c) => c.notNull().defaultTo(emptyTextArray))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(emptyTextArray))
    .addColumn('keyword_group_id', 'integer', (c) => c.references('keyword_groups.id').onDelete('set null'))
    .addColumn('generated_offline', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('ai_posts_status_created_idx')
    .on('ai_posts')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('ai_posts_created_idx').on('ai_posts').column('created_at').execute();
  await db.schema.createIndex('ai_posts_website_idx').on('ai_posts').column('website_id').execute();
  await db.schema
    .createIndex('ai_posts_keyword_group_idx')
    .on('ai_posts')
    .column('keyword_group_id')
    .execute();
  await db.schema.createIndex('ai_posts_idea_idx').on('ai_posts').column('idea_id').execute();
  await sql`CREATE INDEX ai_posts_title_trgm ON ai_posts USING gin (title gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('policies')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('trait', 'text', (c) => c.notNull())
    .addColumn('guiding_principle', 'text', (c) => c.notNull())
    .addColumn('context', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('examples', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending_review')
        .check(oneOf('status', ['pending_review', 'active', 'archived'])),
    )
    .addColumn('source_feedback_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('policies_status_idx')
    .on('policies')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('content_examples')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(oneOf('status', ['active', 'archived'])),
    )
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('content_examples_status_idx')
    .on('content_examples')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('idea_pool_id', 'integer', (c) => c.references('ai_ideas.id').onDelete('set null'))
    .addColumn('post_pool_id', 'integer', (c) => c.references('ai_posts.id').onDelete('set null'))
    .addColumn('feedback_text', 'text', (c) => c.notNull())
    .addColumn('feedback_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('neutral')
        .check(oneOf('feedback_type', ['positive', 'negative', 'neutral'])),
    )
    .addColumn('category', 'text', (c) =>
      c
        .notNull()
        .defaultTo('other')
        .check(
          oneOf('category', ['tone', 'clarity', 'engagement', 'accuracy', 'structure', 'relevance', 'other']),
        ),
    )
    .addColumn('content_segment', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(oneOf('content_segment', ['none', 'full', 'headline', 'intro', 'body', 'conclusion'])),
    )
    .addColumn('score', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(3)
        .check(sql`score BETWEEN 1 AND 5`),
    )
    .addColumn('is_synthesized', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('feedback_created_idx').on('feedback').column('created_at').execute();
  await db.schema
    .createIndex('feedback_synthesized_idx')
    .on('feedback')
    .columns(['is_synthesized', 'created_at'])
    .execute();
  await db.schema.createIndex('feedback_idea_idx').on('feedback').column('idea_pool_id').execute();
  await db.schema.createIndex('feedback_post_idx').on('feedback').column('post_pool_id').execute();

  await db.schema
    .createTable('agent_decisions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('agent_id', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('agent_name', 'text', (c) => c.notNull())
    .addColumn('action_type', 'text', (c) => c.notNull().check(oneOf('action_type', AGENT_ACTION_TYPES)))
    .addColumn('input_data', 'jsonb')
    .addColumn('output_data', 'jsonb')
    .addColumn('related_idea_id', 'integer', (c) => c.references('ai_ideas.id').onDelete('set null'))
    .addColumn('related_post_id', 'integer', (c) => c.references('ai_posts.id').onDelete('set null'))
    .addColumn('related_feedback_id', 'integer', (c) => c.references('feedback.id').onDelete('set null'))
    .addColumn('outcome_score', 'numeric')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('agent_decisions_agent_created_idx')
    .on('agent_decisions')
    .columns(['agent_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('agent_decisions_action_created_idx')
    .on('agent_decisions')
    .columns(['action_type', 'created_at'])
    .execute();
  await db.schema
    .createIndex('agent_decisions_created_idx')
    .on('agent_decisions')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('metrics')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('metric_type', 'text', (c) =>
      c
        .notNull()
        .check(
          oneOf('metric_type', [
            'human_edit_time',
            'publish_time',
            'time_to_approve',
            'time_to_reject',
            'seo_score',
            'engagement_rate',
            'approval_rate',
          ]),
        ),
    )
    .addColumn('value', 'numeric', (c) => c.notNull())
    .addColumn('post_pool_id', 'integer', (c) => c.references('ai_posts.id').onDelete('set null'))
    .addColumn('idea_pool_id', 'integer', (c) => c.references('ai_ideas.id').onDelete('set null'))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('metrics_type_recorded_idx')
    .on('metrics')
    .columns(['metric_type', 'recorded_at'])
    .execute();
  await db.schema.createIndex('metrics_recorded_idx').on('metrics').column('recorded_at').execute();
}

/** Dropped children first, so no CASCADE is needed. */
export const TABLES_IN_DROP_ORDER = [
  'metrics',
  'agent_decisions',
  'feedback',
  'content_examples',
  'policies',
  'ai_posts',
  'ai_ideas',
  'agents',
  'content_items',
  'keyword_group_sites',
  'keyword_sites',
  'keyword_group_keywords',
  'keyword_groups',
  'keywords',
  'domain_discovery_ideas',
  'domain_discovery_runs',
  'dns_settings_history',
  'dns_records',
  'cdn_status',
  'traffic_requests',
  'site_screenshots',
  'wp_media',
  'wp_tags',
  'wp_categories',
  'site_posts',
  'sites',
  'domains',
] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES_IN_DROP_ORDER) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
