import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { SettlementSheet } from '../../../domain/contracts/settlement';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
} from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { entryLine, type OutboxEntry, stateText } from '../../../domain/outbox';
import { isTransfer } from '../../../domain/receipts';
import { priceReturns, settlementFigures } from '../../../domain/settlement';
import { ApiError, errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useRights } from '../../auth/use-rights';
import { NumberField, typedNumber } from '../../components/NumberField';
import { StackedTable } from '../../components/StackedTable';
import { useNetwork } from '../../offline/network';
import { useOutbox } from '../../offline/outbox-store';
import { keptOnDevice } from '../../offline/outbox-write';
import { signedInMaker } from '../../offline/sender';
import { useTransferSummary } from '../receipts/queries';
import { useSettle } from './queries';

interface ReturnRow {
  key: number;
  recipeName: string | null;
  loaves: number;
  reason: ReturnReason;
}

const reasonOptions = RETURN_REASONS.map((value) => ({
  value,
  label: RETURN_REASON_LABELS[value],
}));
const methodOptions = PAYMENT_METHODS.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));

/** A refused settlement's figures, for a person to correct; else an empty form. */
function startingFrom(entry: OutboxEntry | undefined) {
  const settled = entry?.write.kind === 'settlement' ? entry.write.body : undefined;
  return {
    rows: (settled?.returns ?? []).map((line, key) => ({ key, ...line })),
    collected: settled?.collected ?? 0,
    method: settled?.paymentMethod ?? 'cash',
    notes: settled?.notes ?? '',
  };
}

/**
 * A distributor's day to settle. While its settlement waits in the outbox
 * (made with no network) the form gives way to a note, so it is not settled
 * twice; once the server refused it, the form opens on it, to be corrected.
 */
export function SettleForm({ day, sheet }: { day: string; sheet: SettlementSheet }) {
  const made = useOutbox().find(
    (entry) =>
      entry.write.kind === 'settlement' &&
      entry.write.params.id === sheet.distributorId &&
      entry.write.body.day === day,
  );
  const me = signedInMaker()?.id ?? null;
  const online = useNetwork().online;
  // Another user's refused settlement is theirs to correct, at their sign-in.
  if (made && (made.state !== 'refused' || made.madeBy.id !== me)) {
    return (
      <Alert color="yellow" title="Kept on this device" data-testid="settlement-kept">
        <Text fz="sm">{entryLine(made)}</Text>
        <Text fz="sm" fw={600}>
          {stateText(made, me, online)}
        </Text>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {made?.problem && (
        <Alert color="red" title="Refused when sent">
          {made.problem.message}
        </Alert>
      )}
      <SettleFields key={made?.key} day={day} sheet={sheet} correcting={made} />
    </Stack>
  );
}

/**
 * The returns (per bread and reason, at the day's dispatch price) and the money
 * collected; the figures as they will be recorded show before Settle.
 * `correcting`: this settlement as the server refused it after it waited in
 * the outbox; settling replaces it.
 */
function SettleFields({
  day,
  sheet,
  correcting,
}: {
  day: string;
  sheet: SettlementSheet;
  correcting?: OutboxEntry | undefined;
}) {
  const [start] = useState(() => startingFrom(correcting));
  const [rows, setRows] = useState<ReturnRow[]>(start.rows);
  const [collected, setCollected] = useState(start.collected);
  const [method, setMethod] = useState<PaymentMethod>(start.method);
  const [notes, setNotes] = useState(start.notes);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const settle = useSettle();
  const confirmTransfers =
    useTransferSummary(useRights('distributors').canRead).data?.confirmTransfers ?? false;
  const filled = rows.filter((row) => row.recipeName !== null && row.loaves > 0);
  const returns = filled.map((row) => ({
    recipeName: row.recipeName ?? '',
    loaves: row.loaves,
    reason: row.reason,
  }));
  const preview = settlementFigures(
    sheet.loaded,
    priceReturns(sheet.loaded, returns).returns,
    collected,
  );
  const change = (key: number, patch: Partial<ReturnRow>) =>
    setRows((old) => old.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const submit = () => {
    setErrors({});
    // The promise, not mutate's callbacks: the answer settles the sheet, which
    // replaces this form before mutate's own callbacks would run.
    settle
      .mutateAsync({
        input: {
          id: sheet.distributorId,
          body: { day, returns, collected, paymentMethod: method, notes: notes || null },
        },
        distributorName: sheet.name,
        replacing: correcting,
      })
      .then(
        (made) =>
          notifySuccess(
            'Settled',
            `${sheet.name}: balance after ${formatNaira(made.settlement?.balanceAfter ?? 0)}`,
          ),
        (error: unknown) => {
          if (keptOnDevice(error)) return;
          if (error instanceof ApiError) {
            setErrors(
              Object.fromEntries(
                error.fieldErrors.map((field) => {
                  const [head, index] = field.path.split('.');
                  const key = head === 'returns' ? filled[Number(index)]?.key : undefined;
                  return [key === undefined ? (head ?? '') : `row${key}`, field.message];
                }),
              ),
            );
          }
          notifyError('Error', errorText(error, 'Failed to settle'));
        },
      );
  };
  return (
    <Stack gap="sm">
      <Text fw={600}>Returns</Text>
      {rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No returns.
        </Text>
      ) : (
        <StackedTable
          minWidth={460}
          phoneColumns="minmax(0, 2fr) minmax(0, 3fr) auto"
          aria-label={`Returns for ${sheet.name}`}
        >
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <Select
                    aria-label={`Return ${index + 1} bread`}
                    placeholder="Bread"
                    data={sheet.loaded.map((line) => line.recipeName)}
                    value={row.recipeName}
                    onChange={(value) => change(row.key, { recipeName: value })}
                    allowDeselect={false}
                  />
                </Table.Td>
                <Table.Td w={110} data-label="Loaves">
                  <NumberField
                    w="100%"
                    aria-label={`Return ${index + 1} loaves`}
                    value={row.loaves}
                    min={1}
                    error={errors[`row${row.key}`]}
                    onChange={(value) => change(row.key, { loaves: typedNumber(value) })}
                  />
                </Table.Td>
                <Table.Td w={160} data-label="Reason">
                  <Select
                    w="100%"
                    aria-label={`Return ${index + 1} reason`}
                    data={reasonOptions}
                    value={row.reason}
                    onChange={(value) => change(row.key, { reason: value as ReturnReason })}
                    allowDeselect={false}
                  />
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove return ${index + 1}`}
                    onClick={() => setRows((old) => old.filter((r) => r.key !== row.key))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            setRows((old) => [
              ...old,
              { key: Date.now(), recipeName: null, loaves: 1, reason: 'spoiled' },
            ])
          }
        >
          Add return
        </Button>
      </Group>
      {/* Two side by side, one a row on a phone: "Bank Transfer" shows in full. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberField
          label="Collected (₦)"
          min={0}
          thousandSeparator=","
          value={collected}
          error={errors.collected}
          onChange={(value) => setCollected(typedNumber(value))}
        />
        <Select
          label="Method"
          data={methodOptions}
          value={method}
          onChange={(value) => value && setMethod(value as PaymentMethod)}
          allowDeselect={false}
        />
      </SimpleGrid>
      {confirmTransfers && collected > 0 && isTransfer(method) && (
        <Alert color="yellow">
          Money collected by transfer counts in the balance once a manager confirms it arrived.
        </Alert>
      )}
      <TextInput
        label="Notes (Optional)"
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
      />
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text fz="sm">
            Returned {preview.loavesReturned} loaves ({formatNaira(preview.valueReturned)}) · net
            sold {preview.netSold}
          </Text>
          <Text fz="sm" fw={600}>
            Net value {formatNaira(preview.netValue)}
          </Text>
        </Stack>
        <Button color="orange" onClick={submit} loading={settle.isPending}>
          Settle
        </Button>
      </Group>
    </Stack>
  );
}
