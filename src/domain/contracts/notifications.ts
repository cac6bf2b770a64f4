import { z } from 'zod';
import { SIGNED_IN } from '../access';
import { noticeSchema, notificationReadSchema } from '../notifications';
import { defineRoute } from './contract';

export const appNotificationSchema = noticeSchema.extend({ read: z.boolean() });
export type AppNotification = z.infer<typeof appNotificationSchema>;

/** The bell's list (also the answer to marking some read). */
export const notificationListSchema = z.object({
  /** The newest NOTIFICATION_LIST_LIMIT, unread first. */
  notifications: z.array(appNotificationSchema),
  total: z.number(),
  unread: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

// Everyone has a bell: each user sees only the kinds whose module they may read.
export const notificationsApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/notifications',
    summary: 'The notifications this user may see, unread first, newest first',
    access: SIGNED_IN,
    response: { 200: notificationListSchema },
  }),
  markRead: defineRoute({
    method: 'POST',
    url: '/api/notifications/read',
    summary: 'Mark some notifications, or all, read',
    access: SIGNED_IN,
    audit: { action: 'notifications.read', recordType: 'notification' },
    body: notificationReadSchema,
    response: { 200: notificationListSchema },
  }),
};
