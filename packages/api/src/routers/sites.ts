import { idParam, siteCredentials } from '@blogfleet/validators';
import { z } from 'zod';
import { siteOptions } from '../services/domain-move';
import { revealCredentials } from '../services/wordpress-hosting';
import { adminProcedure, protectedProcedure, router } from '../trpc';

const tags = ['sites'];

export const sitesRouter = router({
  options: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/options',
        tags,
        summary: 'Sites for a selector (id, title, domain), up to 100, by title',
      },
    })
    .input(z.object({ search: z.string().trim().max(200).optional() }))
    .output(
      z.object({
        sites: z.array(
          z.object({
            id: z.number().int(),
            site_title: z.string(),
            domain_name: z.string(),
            status: z.string(),
            hosted_here: z.boolean(),
          }),
        ),
      }),
    )
    .query(async ({ ctx, input }) => ({ sites: await siteOptions(ctx, input.search) })),

  revealCredentials: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/credentials',
        tags,
        summary: 'Reveal the credentials of a site Blogfleet created (admins; audited)',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ credentials: siteCredentials }))
    .mutation(async ({ ctx, input }) => ({ credentials: await revealCredentials(ctx, input.id) })),
});
