import type { AnalyticsTables } from './tables/analytics';
import type { ContentTables } from './tables/content';
import type { CoreTables } from './tables/core';
import type { MonitoringTables } from './tables/monitoring';

export type * from './tables/core';
export type * from './tables/content';
export type * from './tables/analytics';
export type * from './tables/monitoring';

/** Every table Blogfleet stores, as Kysely sees it. */
export interface Database extends CoreTables, ContentTables, AnalyticsTables, MonitoringTables {}
