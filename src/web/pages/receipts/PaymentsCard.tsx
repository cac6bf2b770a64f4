import { Anchor, Card, Stack, Title } from '@mantine/core';
import { Link } from 'wouter';
import { PAYMENT_METHOD_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';
import { formatDateTime } from '../../components/format';
import { ListState, ShowMoreButton } from '../../components/ListState';
import { RecordRow } from '../../components/RecordRow';
import { receiptHref, usePayments } from './queries';

/** Every payment recorded, newest first, 20 at a time, each with its receipt. */
export function PaymentsCard() {
  const payments = usePayments();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const rows = payments.data?.pages.flat() ?? [];
  return (
    <Card withBorder radius="lg" p="lg" mt="md">
      <Title order={2} fz="lg" mb="md">
        Payments
      </Title>
      <ListState
        query={payments}
        isEmpty={rows.length === 0}
        loading="Loading payments..."
        failed="Failed to load payments"
        empty="No payments recorded yet"
      >
        <Stack gap="sm">
          {rows.map((row) => (
            <RecordRow
              key={row.id}
              testId="payment"
              title={row.distributorName}
              details={[
                `${formatDateTime(row.createdAt, timeZone)} · ${PAYMENT_METHOD_LABELS[row.paymentMethod]}${row.description ? ` · ${row.description}` : ''}`,
              ]}
              amount={formatNaira(row.amount)}
              under={
                row.receiptLabel && (
                  <Anchor
                    component={Link}
                    href={receiptHref(row.id)}
                    fz="sm"
                    aria-label={`Receipt ${row.receiptLabel}`}
                  >
                    {row.receiptLabel}
                  </Anchor>
                )
              }
            />
          ))}
          <ShowMoreButton query={payments} label="Show more payments" />
        </Stack>
      </ListState>
    </Card>
  );
}
