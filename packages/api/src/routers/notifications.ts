import { listNotificationsInput, notificationIdParam } from '@blogfleet/validators';
import { z } from 'zod';
import {
  listNotifications,
  markAllRead,
  markRead,
  notificationView,
  unreadCount,
} from '../services/notifications';
import { protectedProcedure, router } from '../trpc';

const tags = ['notifications'];
const unread = z.number().int().describe("The caller's unread notifications");

/** The caller's own notifications: site down/up, their jobs, purchases, DNS zones. */
export const notificationsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications',
        tags,
        summary: 'My notifications, newest first',
        description:
          'limit 1–50 (default 20), unread_only (true/false), before (a notification id: older ones, for the next page). Answers `notifications` and `unread`, the count of all unread ones.',
      },
    })
    .input(listNotificationsInput)
    .output(z.object({ notifications: z.array(notificationView), unread }))
    .query(({ ctx, input }) => listNotifications(ctx, input)),

  unreadCount: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications/unread-count',
        tags,
        summary: 'How many of my notifications are unread',
      },
    })
    .input(z.void())
    .output(z.object({ unread }))
    .query(({ ctx }) => unreadCount(ctx)),

  markRead: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notifications/{id}/read',
        tags,
        summary: 'Mark one of my notifications read',
        description: "Another user's notification answers NOT_FOUND.",
      },
    })
    .input(notificationIdParam)
    .output(z.object({ notification: notificationView, unread }))
    .mutation(({ ctx, input }) => markRead(ctx, input.id)),

  markAllRead: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notifications/read-all',
        tags,
        summary: 'Mark all my notifications read',
      },
    })
    .input(z.void())
    .output(z.object({ marked: z.number().int(), unread }))
    .mutation(({ ctx }) => markAllRead(ctx)),
});
