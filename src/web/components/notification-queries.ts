import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationList, NotificationReadInput } from '../../domain/notifications';
import { apiGet, apiRequest } from '../api/http';

const notificationsKey = ['/api/notifications'] as const;

/** The bell's list: fresh after any write (the global rule) and whenever the bell is opened. */
export const useNotifications = () =>
  useQuery({
    queryKey: notificationsKey,
    queryFn: () => apiGet<NotificationList>('/api/notifications'),
  });

export const useMarkRead = () =>
  useMutation({
    mutationFn: (input: NotificationReadInput) =>
      apiRequest<NotificationList>('POST', '/api/notifications/read', input),
  });
