import { createTrafficRequestInput, idParam } from '@blogfleet/validators';
import { z } from 'zod';
import {
  cancelTrafficRequest,
  createTrafficRequest,
  listTrafficRequests,
  trafficRequestView,
} from '../services/site-traffic';
import { protectedProcedure } from '../trpc';

const tags = ['sites'];

/** A site's traffic requests (core §2 traffic tab and side panel); spread into the sites router. */
export const siteTrafficProcedures = {
  trafficRequests: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/traffic-requests',
        tags,
        summary: "The site's traffic requests, newest first",
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ requests: z.array(trafficRequestView) }))
    .query(async ({ ctx, input }) => ({ requests: await listTrafficRequests(ctx, input.id) })),

  createTrafficRequest: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/traffic-requests',
        tags,
        summary: 'Request traffic for the site',
        description:
          'unique_users (default 1000, 1–1,000,000), duration_days (default 7, 1–365), target_pages (paths or addresses of this site; empty is the home page). Active from now for its duration; delivered visits are measured from the site’s analytics.',
      },
    })
    .input(createTrafficRequestInput)
    .output(z.object({ request: trafficRequestView }))
    .mutation(async ({ ctx, input }) => ({ request: await createTrafficRequest(ctx, input) })),

  cancelTrafficRequest: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/traffic-requests/{requestId}/cancel',
        tags,
        summary: 'Cancel a running traffic request',
      },
    })
    .input(z.object({ id: idParam, requestId: idParam }))
    .output(z.object({ request: trafficRequestView }))
    .mutation(async ({ ctx, input }) => ({
      request: await cancelTrafficRequest(ctx, input.id, input.requestId),
    })),
};
