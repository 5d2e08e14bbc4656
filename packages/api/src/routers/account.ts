import { changePasswordInput, setLanguageInput } from '@blogfleet/validators';
import { z } from 'zod';
import * as account from '../services/account';
import { publicUser } from '../services/user-view';
import { protectedProcedure, router } from '../trpc';

const tags = ['account'];

/** The signed-in user's own settings (the personal part of /settings). */
export const accountRouter = router({
  changePassword: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/account/password',
        tags,
        summary: 'Change your own password (ends your other sessions)',
        errorResponses: { 400: 'Invalid input, or the current password is incorrect' },
      },
    })
    .input(changePasswordInput)
    .output(
      z.object({
        changed: z.literal(true),
        sessionsEnded: z.number().int().describe('Other sessions that were signed out'),
      }),
    )
    .mutation(({ ctx, input }) => account.changeOwnPassword(ctx, input)),

  setLanguage: protectedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/account/language', tags, summary: 'Set your interface language' },
    })
    .input(setLanguageInput)
    .output(z.object({ user: publicUser }))
    .mutation(async ({ ctx, input }) => ({ user: await account.setOwnLanguage(ctx, input.language) })),
});
