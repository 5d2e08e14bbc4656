import type { ContentTables } from './tables/content';
import type { CoreTables } from './tables/core';

export type * from './tables/core';
export type * from './tables/content';

/** Every table Blogfleet stores, as Kysely sees it. */
export interface Database extends CoreTables, ContentTables {}
