import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { creditOverrideReason, OVERRIDE_REASON_REQUIRED } from '../../domain/credit';
import { ApiError } from '../api/http';
import { useRights } from '../auth/use-rights';
import { refetchCreditPositions } from './CreditPanel';

interface Refusal {
  /** The sale refused, as the form's credit figures stood then. */
  sale: string;
  message: string;
  /** The server's word on the reason given with an override (too short, not a manager's). */
  reasonError?: string | undefined;
}

/**
 * The server's refusal of a sale over the credit limit, kept while the sale
 * stays the one refused (`sale`: its figures as one string): changing the
 * loaves, price or payment puts the form back to saving it plainly.
 */
export function useCreditRefusal(sale: string) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const client = useQueryClient();
  return {
    refusal: refusal?.sale === sale ? refusal : null,
    /** After a failed save of `sent`: a refusal over the limit, or the override reason's error. */
    failed(error: unknown, sent: string) {
      if (!(error instanceof ApiError)) return;
      if (error.code === 'CREDIT_LIMIT_EXCEEDED') {
        setRefusal({ sale: sent, message: error.serverMessage ?? error.message });
        void refetchCreditPositions(client);
        return;
      }
      const reasonError = error.fieldErrors.find(
        (field) => field.path === 'creditOverrideReason',
      )?.message;
      if (reasonError) setRefusal((old) => old && { ...old, reasonError });
    },
    clear: () => setRefusal(null),
  };
}

/**
 * The refusal's message and, for a user with Distributors delete, the reason
 * that lets the same sale through; anyone else is told a manager must allow it.
 */
export function CreditRefusal(props: {
  refusal: Refusal;
  busy: boolean;
  onAllow: (reason: string) => void;
}) {
  const { canDelete } = useRights('distributors');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The server's word on a reason holds until the reason is changed.
  const [sent, setSent] = useState<string | null>(null);
  const allow = () => {
    const parsed = creditOverrideReason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? OVERRIDE_REASON_REQUIRED);
      return;
    }
    setError(null);
    setSent(reason);
    props.onAllow(parsed.data);
  };
  const serverError = sent === reason ? props.refusal.reasonError : undefined;
  return (
    <Alert color="red" title="Over the credit limit" data-testid="credit-refusal">
      <Stack gap="sm">
        <Text fz="sm">{props.refusal.message}</Text>
        {canDelete ? (
          <>
            <Textarea
              label="Reason for going over the limit"
              autosize
              minRows={2}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setError(null);
              }}
              error={error ?? serverError}
            />
            <Group justify="flex-end">
              <Button color="red" onClick={allow} loading={props.busy}>
                Allow over the limit
              </Button>
            </Group>
          </>
        ) : (
          <Text fz="sm" fw={600}>
            Only a manager can allow it: ask one with the Distributors delete right.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
