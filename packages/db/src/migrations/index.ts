import type { Migration } from 'kysely';
import * as m0001 from './0001_core';
import * as m0002 from './0002_content';
import * as m0003 from './0003_jobs';
import * as m0004 from './0004_login_limits';
import * as m0005 from './0005_settings';
import * as m0006 from './0006_counters';
import * as m0007 from './0007_domains';
import * as m0008 from './0008_creator';
import * as m0009 from './0009_active_job_per_subject';
import * as m0010 from './0010_sites';
import * as m0011 from './0011_site_sync';
import * as m0012 from './0012_site_checks';
import * as m0013 from './0013_media_thumbnails';
import * as m0014 from './0014_site_sync_lease';
import * as m0015 from './0015_keywords';
import * as m0016 from './0016_keyword_groups';
import * as m0017 from './0017_content_items';
import * as m0018 from './0018_keyword_site_sources';
import * as m0019 from './0019_group_priority_source';
import * as m0020 from './0020_content_follows_post';
import * as m0021 from './0021_agent_runs';
import * as m0022 from './0022_pool_posts';
import * as m0023 from './0023_pool_learning';
import * as m0024 from './0024_pool_list_indexes';
import * as m0025 from './0025_pool_publish_claims';
import * as m0026 from './0026_analytics';
import * as m0027 from './0027_monitoring';
import * as m0028 from './0028_notification_params';

/** Listed statically (not read from disk) so the migrations travel inside the bundled server. */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_content': m0002,
  '0003_jobs': m0003,
  '0004_login_limits': m0004,
  '0005_settings': m0005,
  '0006_counters': m0006,
  '0007_domains': m0007,
  '0008_creator': m0008,
  '0009_active_job_per_subject': m0009,
  '0010_sites': m0010,
  '0011_site_sync': m0011,
  '0012_site_checks': m0012,
  '0013_media_thumbnails': m0013,
  '0014_site_sync_lease': m0014,
  '0015_keywords': m0015,
  '0016_keyword_groups': m0016,
  '0017_content_items': m0017,
  '0018_keyword_site_sources': m0018,
  '0019_group_priority_source': m0019,
  '0020_content_follows_post': m0020,
  '0021_agent_runs': m0021,
  '0022_pool_posts': m0022,
  '0023_pool_learning': m0023,
  '0024_pool_list_indexes': m0024,
  '0025_pool_publish_claims': m0025,
  '0026_analytics': m0026,
  '0027_monitoring': m0027,
  '0028_notification_params': m0028,
};
