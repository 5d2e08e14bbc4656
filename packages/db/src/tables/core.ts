import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Columns with a database default: optional on insert, always a Date when read. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type UserRole = 'admin' | 'user';
export type UserStatus = 'active' | 'inactive';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: UserRole;
  status: UserStatus;
  /** Interface language chosen in Settings; null: the browser's choice stands. */
  preferred_language: 'en' | 'tr' | null;
  last_login: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row per issued refresh token; a rotation chain shares one family_id. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  succeeded: boolean;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  details: JSONColumnType<Record<string, unknown>, Record<string, unknown> | undefined>;
  ip: string | null;
  created_at: Timestamp;
}

/**
 * One row per settings section (`key`): `value` is the JSON of its non-secret fields (null: nothing saved,
 * only a test result), `secret_ciphertext` the encrypted JSON of its secret fields.
 */
export interface IntegrationSettingsTable {
  key: string;
  value: string | null;
  secret_ciphertext: string | null;
  updated_by: number | null;
  updated_at: Timestamp;
  last_test_ok: boolean | null;
  last_test_message: string | null;
  last_tested_at: NullableTimestamp;
}

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  /** What the job panel shows, e.g. "Provision example.com". */
  title: string | null;
  subject: string | null;
  subject_id: number | null;
  status: Generated<JobStatus>;
  progress: Generated<number>;
  message: string | null;
  error: string | null;
  result: JSONColumnType<Record<string, unknown> | null, Record<string, unknown> | null | undefined>;
  attempts: Generated<number>;
  /** The input the handler received, validated by the kind's schema. */
  payload: JSONColumnType<Record<string, unknown>, Record<string, unknown> | undefined>;
  /** The retry policy and time limit this job runs under (from its kind, at enqueue time). */
  max_attempts: Generated<number>;
  time_limit_seconds: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** Kept-current counters (counters.ts): folded totals and the deltas written since. */
export interface StatTotalsTable {
  name: string;
  value: number;
}

export interface StatDeltasTable {
  id: Generated<number>;
  name: string;
  value: number;
}

export interface CoreTables {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  integration_settings: IntegrationSettingsTable;
  jobs: JobsTable;
  stat_totals: StatTotalsTable;
  stat_deltas: StatDeltasTable;
}
