import { Group, Paper, Stack, Text } from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { creditApi } from '../../domain/contracts/credit';
import { balanceAfterSale, isOverLimit } from '../../domain/credit';
import { formatNaira, subtractNaira } from '../../domain/money';
import { call, errorText } from '../api/http';

const CREDIT_POSITION = 'credit-position';

/**
 * Asked afresh each time a form shows it, not only after this user's writes
 * (src/web/api/query-client.ts): a colleague's sale or payment a minute ago
 * is what decides whether this sale fits under the limit.
 */
export const useCreditPosition = (distributorId: string | null) =>
  useQuery({
    queryKey: ['/api/distributors', distributorId, CREDIT_POSITION],
    queryFn: () => call(creditApi.position, { params: { id: distributorId ?? '' } }),
    enabled: distributorId !== null,
    refetchOnMount: 'always',
  });

/** After the server refused a sale over the limit: the panels catch up with the balance it saw. */
export const refetchCreditPositions = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (query) => query.queryKey[2] === CREDIT_POSITION });

function Figure(props: { label: string; value: string; over?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm">{props.label}</Text>
      <Text fz="sm" fw={props.over ? 700 : 600} c={props.over ? 'red.9' : undefined}>
        {props.value}
      </Text>
    </Group>
  );
}

/**
 * A distributor's balance, credit limit and the balance a sale (or a load)
 * would make, as the clerk types it: red when the server would refuse it. The
 * server checks again when saving; this only warns before.
 */
export function CreditPanel(props: {
  distributorId: string;
  /** What the sale comes to; null while its fields hold no amount. */
  value: number | null;
  /** Paid at the sale; null while the field holds no amount. */
  paid: number | null;
  /** "After this sale", "After this load". */
  afterLabel: string;
}) {
  const position = useCreditPosition(props.distributorId);
  if (position.isPending) {
    return (
      <Text fz="sm" c="dimmed">
        Loading the balance...
      </Text>
    );
  }
  if (position.isError) {
    return (
      <Text fz="sm" c="red.9">
        {errorText(position.error, 'Failed to load the balance')}
      </Text>
    );
  }
  const { name, balance, creditLimit } = position.data;
  const after =
    props.value === null || props.paid === null
      ? null
      : balanceAfterSale(balance, props.value, props.paid);
  const overBy =
    after !== null && creditLimit !== null && isOverLimit(balance, after, creditLimit)
      ? subtractNaira(after, creditLimit)
      : null;
  const over = overBy !== null;
  return (
    <Paper
      component="section"
      aria-label={`Credit of ${name}`}
      data-testid="credit-panel"
      withBorder
      p="sm"
      bg={over ? 'red.0' : undefined}
    >
      <Stack gap={4}>
        <Figure label="Balance" value={formatNaira(balance)} />
        <Figure
          label="Credit limit"
          value={creditLimit === null ? 'No credit limit' : formatNaira(creditLimit)}
        />
        <Figure
          label={props.afterLabel}
          value={after === null ? '—' : formatNaira(after)}
          over={over}
        />
        {overBy === null ? null : (
          <Text fz="sm" fw={700} c="red.9" data-testid="credit-warning">
            Over the credit limit by {formatNaira(overBy)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
