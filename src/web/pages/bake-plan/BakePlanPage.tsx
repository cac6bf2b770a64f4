import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { ApiError, errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useRights } from '../../auth/use-rights';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateField } from '../../components/DateField';
import { DATE_INPUT_FORMAT } from '../../components/format';
import { Letterhead } from '../../components/Letterhead';
import { LoadingLine } from '../../components/LoadingLine';
import { PageHeader } from '../../components/PageHeader';
import { BakerSheet } from './BakerSheet';
import { BreadsTable, NeedsTable } from './PlanTables';
import {
  type Adjustments,
  useBakePlan,
  useCreatePlanBatches,
  useCreatePlanOrders,
} from './queries';

/** Only whole numbers go to the plan; anything else stays in its box until it is one. */
const wholeAdjustments = (typed: Record<string, number | string>): Adjustments =>
  Object.fromEntries(
    Object.entries(typed).flatMap(([bread, value]) =>
      value !== '' && Number.isInteger(Number(value)) && Number(value) !== 0
        ? [[bread, Number(value)]]
        : [],
    ),
  );

function Header(props: { actions: ReactNode; loading?: boolean }) {
  return (
    <>
      <PageHeader
        title="Bake plan"
        subtitle="Loaves, flour and mixes for a day from the order book, and what is short"
        actions={props.actions}
      />
      {props.loading && <LoadingLine label="Loading the bake plan..." />}
    </>
  );
}

/** Bake plan (docs/screens/bake-plan.md): a day's loaves, flour, mixes and needs. */
export default function BakePlanPage() {
  const production = useRights('production');
  const purchases = useRights('purchase_orders');
  const [day, setDay] = useState<string | null>(null);
  const [typed, setTyped] = useState<Record<string, number | string>>({});
  const [asking, setAsking] = useState<string | null>(null);
  const [done, setDone] = useState<{ batches?: number; orders?: string[] } | null>(null);
  const adjustments = wholeAdjustments(typed);
  const plan = useBakePlan(day, adjustments);
  const batches = useCreatePlanBatches();
  const orders = useCreatePlanOrders();
  if (plan.isPending) return <Header actions={null} loading />;
  if (plan.isError) {
    // An adjustment typed too large can make the plan refused: the boxes are gone with it.
    return (
      <Stack gap="md" align="flex-start">
        <Header actions={null} />
        <Text c="red">{errorText(plan.error, 'Failed to load the bake plan')}</Text>
        {Object.keys(adjustments).length > 0 && (
          <Button variant="default" onClick={() => setTyped({})}>
            Clear the adjustments
          </Button>
        )}
      </Stack>
    );
  }
  const data = plan.data;
  const shortfall = data.needs.some((need) => need.shortfall > 0);
  const baking = data.breads.some((bread) => bread.mixes && bread.mixes.length > 0);
  const flour = data.breads.reduce((sum, bread) => sum + (bread.flourKg ?? 0), 0);

  const createBatches = (again: boolean) =>
    batches.mutate(
      { day: data.day, adjustments, again },
      {
        onSuccess: (answer) => {
          setAsking(null);
          setDone({ batches: answer.batches.length });
          const skipped = answer.skipped.length
            ? ` (not planned: ${answer.skipped.join(', ')})`
            : '';
          notifySuccess('Batches created', `${answer.batches.length} planned batches${skipped}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONFLICT' && !again) {
            setAsking(error.serverMessage ?? '');
            return;
          }
          setAsking(null);
          notifyError('Error', errorText(error, 'Failed to create the batches'));
        },
      },
    );
  const createOrders = () =>
    orders.mutate(
      { day: data.day, adjustments },
      {
        onSuccess: (answer) => {
          setDone({ orders: answer.orders.map((order) => order.orderNumber) });
          const left = answer.withoutSupplier.length
            ? ` Not ordered (no supplier): ${answer.withoutSupplier.join(', ')}.`
            : '';
          notifySuccess('Purchase orders created', `${answer.orders.length} pending.${left}`);
        },
        onError: (error) => notifyError('Error', errorText(error, 'Failed to create the order')),
      },
    );

  return (
    <Stack gap="md">
      <Letterhead />
      <BakerSheet plan={data} />
      <Stack gap="md" data-print="hide">
        <Header
          actions={
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                disabled={!baking}
                onClick={() => window.print()}
              >
                Print baker's sheet
              </Button>
              {purchases.canWrite && shortfall && (
                <Button
                  variant="light"
                  color="orange"
                  loading={orders.isPending}
                  onClick={createOrders}
                >
                  Create purchase order
                </Button>
              )}
              {production.canWrite && (
                <Button
                  color="orange"
                  disabled={!baking}
                  loading={batches.isPending}
                  onClick={() => createBatches(false)}
                >
                  Create batches
                </Button>
              )}
            </Group>
          }
        />
        <Group align="flex-end" gap="md">
          <DateField
            label="Day"
            valueFormat={DATE_INPUT_FORMAT}
            value={data.day}
            onChange={(date) => {
              if (!date) return;
              setDay(date);
              setTyped({});
              setDone(null);
            }}
            w={190}
          />
          <Text fz="sm" c="dimmed">
            Margin {data.marginPercent}% · mixer {data.mixerCapacityKg} kg · flour{' '}
            {Math.round(flour * 1000) / 1000} kg
          </Text>
        </Group>
        {done?.batches !== undefined && (
          <Alert color="green" title={`${done.batches} planned batches created`}>
            Their ingredients are out of stock now; start and complete them on{' '}
            <Anchor component={Link} href="/production">
              Production
            </Anchor>
            .
          </Alert>
        )}
        {done?.orders && (
          <Alert color="green" title="Purchase orders created">
            {done.orders.join(', ')} (pending) on{' '}
            <Anchor component={Link} href="/purchases">
              Purchase Orders
            </Anchor>
            .
          </Alert>
        )}
        <BreadsTable
          plan={data}
          adjustment={(bread) => typed[bread] ?? 0}
          onAdjust={(bread, value) => setTyped((old) => ({ ...old, [bread]: value }))}
        />
        <Title order={2} fz="lg">
          Ingredients
        </Title>
        <NeedsTable plan={data} />
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title="Create the batches again?"
        message={asking ?? ''}
        confirmLabel="Create again"
        confirmColor="orange"
        busy={batches.isPending}
        onConfirm={() => createBatches(true)}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
