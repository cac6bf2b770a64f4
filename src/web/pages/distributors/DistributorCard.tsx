import { Badge, Button, Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconCash,
  IconCreditCard,
  IconFileText,
  IconLink,
  IconPencil,
  IconSend,
} from '@tabler/icons-react';
import { Link } from 'wouter';
import type { DistributorWithAccount } from '../../../domain/contracts/distributors';
import { formatNaira } from '../../../domain/money';
import type { ReminderKind } from '../../../domain/reminders';
import { CreditSummary } from './CreditSummary';
import { balanceColour } from './StatementLines';

function Figure(props: { label: string; value: number; colour?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={700} c={props.colour}>
        {formatNaira(props.value)}
      </Text>
    </div>
  );
}

export interface CardActions {
  pay: () => void;
  giveBack: () => void;
  edit: () => void;
  remind: (kind: ReminderKind) => void;
  editCredit: () => void;
  shareLink: () => void;
  archive: () => void;
}

/** One distributor on the Distributors page: its account, its credit, and what may be done. */
export function DistributorCard(props: {
  distributor: DistributorWithAccount;
  rights: { canWrite: boolean; canDelete: boolean };
  actions: CardActions;
  /** Transfers recorded but not yet confirmed: in no figure above (issue 19). */
  awaiting?: number;
}) {
  const { distributor, rights, actions } = props;
  return (
    <Card withBorder radius="lg" p="md" data-testid="distributor-card">
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} fz="lg" style={{ minWidth: 0 }}>
            {distributor.name}
          </Text>
          {distributor.archived && (
            <Badge color="gray" variant="filled" style={{ flexShrink: 0 }}>
              ARCHIVED
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {distributor.address}
        </Text>
        <Text fz="sm">{distributor.phone}</Text>
        <SimpleGrid cols={2} spacing="xs" mt="xs">
          <Figure label="Total Owed" value={distributor.totalOwed} />
          <Figure label="Total Paid" value={distributor.totalPaid} />
          <Figure label="Total Returns" value={distributor.totalReturns} />
          <Figure
            label="Balance"
            value={distributor.balance}
            colour={balanceColour(distributor.balance)}
          />
        </SimpleGrid>
        {props.awaiting ? (
          <Text fz="sm" fw={600} data-testid="awaiting-confirmation">
            {formatNaira(props.awaiting)} awaiting confirmation
          </Text>
        ) : null}
        <Divider my={4} />
        <CreditSummary distributor={distributor} />
      </Stack>
      <Group gap="xs" mt="md" justify="flex-end">
        {rights.canWrite && (
          <>
            <Button
              size="xs"
              color="green"
              leftSection={<IconCash size={14} aria-hidden />}
              onClick={actions.pay}
            >
              Record Payment
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              onClick={actions.giveBack}
            >
              Record Return
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-label={`Edit ${distributor.name}`}
              onClick={actions.edit}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSend size={14} aria-hidden />}
              onClick={() => actions.remind('statement')}
            >
              Send statement
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSend size={14} aria-hidden />}
              onClick={() => actions.remind('reminder')}
            >
              Send reminder
            </Button>
          </>
        )}
        {rights.canDelete && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLink size={14} aria-hidden />}
            onClick={actions.shareLink}
          >
            Share statement link
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          component={Link}
          href={`/distributors/${distributor.id}/statement`}
          leftSection={<IconFileText size={14} aria-hidden />}
        >
          Statement
        </Button>
        {rights.canDelete && (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCreditCard size={14} aria-hidden />}
              aria-label={`Edit credit of ${distributor.name}`}
              onClick={actions.editCredit}
            >
              Edit credit
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconArchive size={14} aria-hidden />}
              onClick={actions.archive}
            >
              {distributor.archived ? 'Unarchive' : 'Delete / Archive'}
            </Button>
          </>
        )}
      </Group>
    </Card>
  );
}
