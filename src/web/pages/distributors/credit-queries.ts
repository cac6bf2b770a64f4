import { useMutation, useQuery } from '@tanstack/react-query';
import { creditApi } from '../../../domain/contracts/credit';
import { remindersApi } from '../../../domain/contracts/reminders';
import type { CreditTermsInput } from '../../../domain/credit';
import type { ReminderChannel, ReminderKind } from '../../../domain/reminders';
import { call } from '../../api/http';

export const reminderKeys = {
  preview: (id: string, kind: ReminderKind, link: string | undefined) =>
    ['/api/distributors', id, 'reminders', 'preview', kind, link ?? ''] as const,
};

/** The message as it would go now; asked for while the dialog is open. */
export const useReminderPreview = (
  id: string | null,
  kind: ReminderKind,
  link: string | undefined,
) =>
  useQuery({
    queryKey: reminderKeys.preview(id ?? '', kind, link),
    queryFn: () => call(remindersApi.preview, { params: { id: id ?? '' }, query: { kind, link } }),
    enabled: id !== null,
    // Asked again at each opening, never shown from before: the settings'
    // template may have changed in another tab, and the ageing moves each day.
    staleTime: 0,
    gcTime: 0,
  });

/** Records the message sent; any write refreshes the cards' "Last reminded". */
export const useRecordReminder = () =>
  useMutation({
    mutationFn: (input: {
      id: string;
      kind: ReminderKind;
      channel: ReminderChannel;
      link?: string;
    }) =>
      call(remindersApi.send, {
        params: { id: input.id },
        body: { kind: input.kind, channel: input.channel, link: input.link },
      }),
  });

export const useSaveCreditTerms = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: CreditTermsInput }) =>
      call(creditApi.terms, { params: { id }, body: input }),
  });
