// The entry chunk carries only the landing page's styles; this page draws tables,
// date pickers and badges too, as the signed-in app does.
import '@mantine/core/styles.css';
import { Box, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { PublicStatement } from '../../../domain/contracts/statement-links';
import { EARLIEST_DATE } from '../../../domain/fields';
import { businessDate } from '../../../domain/time';
import { ApiError } from '../../api/http';
import { DateField } from '../../components/DateField';
import { DATE_INPUT_FORMAT, formatDate, formatDateTime } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { StatementAgeing } from '../distributors/StatementAgeing';
import { StatementLines } from '../distributors/StatementLines';
import { type Period, usePublicStatement } from './queries';

const CANNOT_LOAD = 'The statement could not be loaded. Check your connection and try again.';

/** Why nothing is shown: the server's words for a link that opens nothing or too many requests. */
function Refusal({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const words = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
  return (
    <Container size="xs" py="xl">
      <Card withBorder radius="lg" p="xl" role="alert">
        <Stack gap="sm">
          <Title order={1} fz={22}>
            Statement not available
          </Title>
          <Text data-testid="statement-link-refusal">{words ?? CANNOT_LOAD}</Text>
          {!(error instanceof ApiError && error.code === 'STATEMENT_LINK_NOT_VALID') && (
            <Button color="orange" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}

/** The bakery's name, address and phone: the page's heading on screen and on paper. */
function BakeryHeading({ letterhead }: { letterhead: PublicStatement['letterhead'] }) {
  return (
    <Box
      pb="sm"
      className="letterhead"
      style={{ borderBottom: '2px solid var(--mantine-color-orange-6)' }}
    >
      <Text fw={700} fz={{ base: 20, sm: 24 }} data-testid="statement-link-bakery">
        {letterhead.bakeryName || 'Statement of account'}
      </Text>
      {letterhead.bakeryAddress && <Text fz="sm">{letterhead.bakeryAddress}</Text>}
      {letterhead.bakeryPhone && <Text fz="sm">Tel: {letterhead.bakeryPhone}</Text>}
    </Box>
  );
}

/**
 * A distributor's own statement, opened from a link the bakery sent, with no
 * sign-in: the letterhead, the statement over the dates picked (this month so
 * far at first), what is owed by days past due, and Print. Nothing of the app around it.
 */
export default function StatementLinkPage({ token }: { token: string }) {
  const [period, setPeriod] = useState<Period | null>(null);
  const statement = usePublicStatement(token, period);
  const [first, ...later] = statement.data?.pages ?? [];
  // Every page carries the whole range's figures; the lines are the pages' together.
  const data = first && { ...first, lines: [...first.lines, ...later.flatMap((p) => p.lines)] };
  const bakeryName = data?.letterhead.bakeryName;
  useEffect(() => {
    document.title = bakeryName ? `Statement · ${bakeryName}` : 'Statement';
  }, [bakeryName]);

  if (statement.isError)
    return <Refusal error={statement.error} onRetry={() => statement.refetch()} />;
  if (!data) return <LoadingLine label="Loading statement..." />;
  const when = (iso: string) => formatDateTime(iso, data.timeZone);
  const today = businessDate(new Date(), data.timeZone);
  const pick = (change: Partial<Period>) =>
    setPeriod({ startDate: data.startDate, endDate: data.endDate, ...change });

  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py="md">
      <Stack gap="md">
        <BakeryHeading letterhead={data.letterhead} />
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              Statement of account
            </Title>
            <Text fw={600} data-testid="statement-link-distributor">
              {data.distributor.name}
            </Text>
            <Text fz="sm" c="dimmed">
              {data.distributor.address} · {data.distributor.phone}
            </Text>
            <Text fz="sm" c="dimmed">
              {formatDate(data.startDate)} to {formatDate(data.endDate)}
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
            data-print="hide"
          >
            Print
          </Button>
        </Group>
        <Group gap="sm" data-print="hide" align="flex-end" grow>
          <DateField
            label="From"
            valueFormat={DATE_INPUT_FORMAT}
            value={data.startDate}
            minDate={EARLIEST_DATE}
            maxDate={data.endDate}
            onChange={(date) => date && pick({ startDate: date })}
            maw={200}
          />
          <DateField
            label="To"
            valueFormat={DATE_INPUT_FORMAT}
            value={data.endDate}
            minDate={data.startDate}
            maxDate={today}
            onChange={(date) => date && pick({ endDate: date })}
            maw={200}
          />
        </Group>
        {statement.isFetching && !statement.isFetchingNextPage && (
          <LoadingLine label="Loading statement..." />
        )}
        <StatementLines statement={data} when={when} more={statement} />
        <StatementAgeing statement={data} />
      </Stack>
    </Container>
  );
}
