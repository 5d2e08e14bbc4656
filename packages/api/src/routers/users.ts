import {
  createUserInput,
  idParam,
  listUsersInput,
  bulkUserIdsInput,
  bulkUserStatusInput,
  paginationShape,
  setUserStatusInput,
  updateUserInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import * as users from '../services/users';
import { publicUser } from '../services/user-view';
import { adminProcedure, router } from '../trpc';

const userResult = z.object({ user: publicUser });
const bulkResult = z.object({
  changed: z.number().int().describe('Users whose row changed'),
  missing: z.array(z.number().int()).describe('Requested ids that matched no user'),
});
const tags = ['users'];

export const usersRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/users', tags, summary: 'List users' } })
    .input(listUsersInput)
    .output(z.object({ users: z.array(publicUser), pagination: paginationShape }))
    .query(({ ctx, input }) => users.listUsers(ctx, input)),

  stats: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/users/stats', tags, summary: 'User counts' } })
    .input(z.void())
    .output(
      z.object({
        total_users: z.number().int(),
        admin_count: z.number().int(),
        active_users: z.number().int(),
        active_last_30_days: z.number().int(),
      }),
    )
    .query(({ ctx }) => users.userStats(ctx)),

  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/users/{id}', tags, summary: 'One user' } })
    .input(z.object({ id: idParam }))
    .output(userResult)
    .query(async ({ ctx, input }) => ({ user: await users.getUser(ctx, input.id) })),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/users', tags, summary: 'Create a user' } })
    .input(createUserInput)
    .output(userResult)
    .mutation(async ({ ctx, input }) => ({ user: await users.createUser(ctx, input) })),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/users/{id}', tags, summary: 'Edit a user' } })
    .input(updateUserInput.extend({ id: idParam }))
    .output(userResult)
    .mutation(async ({ ctx, input: { id, ...changes } }) => ({
      user: await users.updateUser(ctx, id, changes),
    })),

  setStatus: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/users/{id}/status', tags, summary: 'Activate or deactivate' } })
    .input(setUserStatusInput.extend({ id: idParam }))
    .output(userResult)
    .mutation(async ({ ctx, input }) => ({ user: await users.setUserStatus(ctx, input.id, input.status) })),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/users/{id}', tags, summary: 'Delete a user' } })
    .input(z.object({ id: idParam }))
    .output(z.object({ id: z.number().int(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => users.deleteUser(ctx, input.id)),

  bulkSetStatus: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/bulk-status',
        tags,
        summary: 'Activate or deactivate several users',
        description: "One transaction. Deactivating ends the users' sessions. Your own account is refused.",
      },
    })
    .input(bulkUserStatusInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => users.bulkSetUserStatus(ctx, input.userIds, input.status)),

  bulkDelete: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/bulk-delete',
        tags,
        summary: 'Delete several users',
        description: 'One transaction; their sessions end. Your own account is refused.',
      },
    })
    .input(bulkUserIdsInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => users.bulkDeleteUsers(ctx, input.userIds)),
});
