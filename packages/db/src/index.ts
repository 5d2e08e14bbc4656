export * from './schema';
export * from './create-db';
export * from './migrate';
export * from './errors';
export { seedReferenceData } from './seed';
export {
  sql,
  type Kysely,
  type Selectable,
  type Insertable,
  type Updateable,
  type Transaction,
} from 'kysely';
