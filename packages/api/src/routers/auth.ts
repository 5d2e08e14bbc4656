import { loginInput, refreshTokenInput } from '@blogfleet/validators';
import { z } from 'zod';
import * as auth from '../services/auth';
import { publicUser } from '../services/user-view';
import { protectedProcedure, publicProcedure, router } from '../trpc';

const tokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('Access token lifetime in seconds'),
});

export const authRouter = router({
  login: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags: ['auth'],
        protect: false,
        summary: 'Sign in',
        errorResponses: {
          400: 'Invalid input',
          401: 'Invalid email or password',
          429: 'Too many failed attempts for this email or address',
        },
      },
    })
    .input(loginInput)
    .output(z.object({ tokens, user: publicUser }))
    .mutation(({ ctx, input }) => auth.login(ctx, input)),

  refreshToken: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/refresh-token',
        tags: ['auth'],
        protect: false,
        summary: 'Exchange a refresh token for new tokens (the old refresh token is spent)',
        errorResponses: {
          400: 'Invalid input',
          401: 'Unknown, expired, revoked or already spent refresh token',
        },
      },
    })
    .input(refreshTokenInput)
    .output(tokens.extend({ user: publicUser }))
    .mutation(({ ctx, input }) => auth.refresh(ctx, input.refreshToken)),

  logout: protectedProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/logout', tags: ['auth'], summary: 'End this session' } })
    .input(refreshTokenInput)
    .output(z.object({ loggedOut: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await auth.logout(ctx, input.refreshToken);
      return { loggedOut: true as const };
    }),

  me: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags: ['auth'], summary: 'The signed-in user' } })
    .input(z.void())
    .output(z.object({ user: publicUser }))
    .query(async ({ ctx }) => ({ user: await auth.currentUser(ctx, ctx.user.id) })),
});
