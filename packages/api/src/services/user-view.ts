import type { Selectable, UsersTable } from '@blogfleet/db';
import { z } from 'zod';
import { interfaceLanguage, userRole, userStatus } from '@blogfleet/validators';

/** What any caller sees of a user: never the password or its hash. */
export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: userRole,
  status: userStatus,
  /** Interface language chosen in Settings; null: none chosen (the browser's choice stands). */
  preferred_language: interfaceLanguage.nullable(),
  last_login: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

export function toPublicUser(row: Selectable<UsersTable>): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    preferred_language: row.preferred_language ?? null,
    last_login: row.last_login ? row.last_login.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
