import { z } from 'zod';
import { MAX_ID } from './common';
import { emailField, MIN_PASSWORD_LENGTH } from './auth';
import { USERS_PAGE_SIZE } from './constants';
import { listInput } from './list';

export const userRoles = ['admin', 'user'] as const;
export const userStatuses = ['active', 'inactive'] as const;

export const userRole = z.enum(userRoles);
export const userStatus = z.enum(userStatuses);

export const usernameField = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(64)
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'Username may contain letters, digits, dot, underscore, @ and dash');

export const passwordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024);

export const userSorts = ['created_at', 'username', 'email'] as const;

export const listUsersInput = listInput({
  sorts: userSorts,
  defaultSort: 'created_at',
  defaultLimit: USERS_PAGE_SIZE,
}).extend({
  role: z.enum([...userRoles, 'all']).optional(),
  status: z.enum([...userStatuses, 'all']).optional(),
});
export type ListUsersInput = z.infer<typeof listUsersInput>;
/** What a caller may send (defaults filled in by the schema). */
export type ListUsersQuery = z.input<typeof listUsersInput>;

export const createUserInput = z.object({
  username: usernameField,
  email: emailField,
  role: userRole.default('user'),
  status: userStatus.default('active'),
  password: passwordField,
});
export type CreateUserInput = z.infer<typeof createUserInput>;

/** Edit leaves the password alone unless one is given. */
export const updateUserInput = z.object({
  username: usernameField.optional(),
  email: emailField.optional(),
  role: userRole.optional(),
  status: userStatus.optional(),
  password: passwordField.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

export const setUserStatusInput = z.object({ status: userStatus });

/** Bulk actions act on at most one page of the list (its largest page size). */
export const MAX_BULK_USERS = 500;
export const bulkUserIdsInput = z.object({
  userIds: z
    .array(z.number().int().positive().max(MAX_ID))
    .min(1, 'Select at least one user')
    .max(MAX_BULK_USERS, `At most ${MAX_BULK_USERS} users at a time`),
});
export const bulkUserStatusInput = bulkUserIdsInput.extend({ status: userStatus });
export type BulkUserStatusInput = z.infer<typeof bulkUserStatusInput>;
