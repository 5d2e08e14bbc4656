export * from './schema';
export * from './create-db';
export * from './migrate';
export * from './errors';
export { seedReferenceData } from './seed';
export { readCounters, compactCounters } from './counters';
export { localNotifier, type Notifier } from './notifier';
export { settledWithin } from './settled';
export {
  createJobQueue,
  endQueueStatements,
  queueDb,
  queueStatementsSettled,
  QUEUE_SCHEMA,
  type JobQueueOptions,
  type PgBoss,
} from './queue';
export {
  sql,
  CompiledQuery,
  type RawBuilder,
  type SelectQueryBuilder,
  type Kysely,
  type Selectable,
  type Insertable,
  type Updateable,
  type Transaction,
} from 'kysely';
