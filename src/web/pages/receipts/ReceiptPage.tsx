import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'wouter';
import type { Receipt } from '../../../domain/contracts/receipts';
import { PAYMENT_METHOD_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { errorText } from '../../api/http';
import { useAppInfo } from '../../auth/queries';
import { formatDateTime } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { SignatureLine } from '../../components/SignatureLine';
import { MessageLinks } from '../distributors/MessageLinks';
import { useReceipt } from './queries';

function Line({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={label}>
        {children}
      </Text>
    </div>
  );
}

/** The receipt as a document: the same on screen and on paper. */
function ReceiptDocument({ receipt, timeZone }: { receipt: Receipt; timeZone: string }) {
  const { letterhead, distributor } = receipt;
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720} data-testid="receipt">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" className="letterhead">
        <div>
          {letterhead.bakeryName && (
            <Text fw={700} fz={22}>
              {letterhead.bakeryName}
            </Text>
          )}
          {letterhead.bakeryAddress && <Text fz="sm">{letterhead.bakeryAddress}</Text>}
          {letterhead.bakeryPhone && <Text fz="sm">Tel: {letterhead.bakeryPhone}</Text>}
        </div>
        {/* Under the bakery on a phone, read from the left like it. */}
        <Box ta={{ base: 'left', xs: 'right' }}>
          <Text fw={700} fz="lg">
            Payment Receipt
          </Text>
          <Text fw={700} ff="monospace" data-testid="receipt-number">
            {receipt.label}
          </Text>
          <Text fz="sm">{formatDateTime(receipt.createdAt, timeZone)}</Text>
        </Box>
      </Group>
      <Stack gap="md" mt="lg">
        <div>
          <Text fz="xs" c="dimmed">
            Received from
          </Text>
          <Text fw={700}>{distributor.name}</Text>
          <Text fz="sm">{distributor.address}</Text>
          <Text fz="sm">{distributor.phone}</Text>
        </div>
        <Box>
          <Text fz="xs" c="dimmed">
            The sum of
          </Text>
          <Text fw={700} fz={28} data-testid="receipt-amount">
            {formatNaira(receipt.amount)}
          </Text>
          <Text fs="italic" data-testid="amount-in-words">
            {receipt.amountInWords}
          </Text>
        </Box>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Line label="Payment method">{PAYMENT_METHOD_LABELS[receipt.paymentMethod]}</Line>
          <Line label="Received by">{receipt.receivedBy}</Line>
          {receipt.description && <Line label="Description">{receipt.description}</Line>}
        </SimpleGrid>
        <Group mt={32} gap={48}>
          <SignatureLine label="Received by (bakery)" />
        </Group>
      </Stack>
    </Card>
  );
}

/** WhatsApp and SMS open on the user's phone with the receipt's message, or why they cannot. */
function ShareButtons({ receipt }: { receipt: Receipt }) {
  if (!receipt.share) {
    return (
      <Alert color="yellow" data-print="hide" maw={720}>
        {receipt.distributor.phone} cannot be used for WhatsApp or SMS: correct the phone number on
        the distributor's card to share this receipt.
      </Alert>
    );
  }
  return (
    <Box data-print="hide" maw={720}>
      <MessageLinks preview={receipt.share} />
    </Box>
  );
}

/** A payment's receipt to print or send to the distributor (issue 19). */
export default function ReceiptPage() {
  const { id = '' } = useParams<{ id: string }>();
  const receipt = useReceipt(id);
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const data = receipt.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} href="/distributors" fz="sm" data-print="hide">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          Back to distributors
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" data-print="hide">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Receipt{data ? ` ${data.label}` : ''}
        </Title>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
          disabled={!data}
        >
          Print
        </Button>
      </Group>
      {receipt.isError ? (
        <Text c="red">{errorText(receipt.error, 'Failed to load the receipt')}</Text>
      ) : !data ? (
        <LoadingLine label="Loading receipt..." />
      ) : (
        <>
          <ShareButtons receipt={data} />
          <ReceiptDocument receipt={data} timeZone={timeZone} />
        </>
      )}
    </Stack>
  );
}
