import { useMutation, useQuery } from '@tanstack/react-query';
import { notificationsApi } from '../../domain/contracts/notifications';
import type { NotificationReadInput } from '../../domain/notifications';
import { call } from '../api/http';

const notificationsKey = ['/api/notifications'] as const;

/** The bell's list: fresh after any write (the global rule) and whenever the bell is opened. */
export const useNotifications = () =>
  useQuery({
    queryKey: notificationsKey,
    queryFn: () => call(notificationsApi.list),
  });

export const useMarkRead = () =>
  useMutation({
    mutationFn: (input: NotificationReadInput) => call(notificationsApi.markRead, { body: input }),
  });
