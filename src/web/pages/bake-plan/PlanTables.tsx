import { Badge, Group, Table, Text } from '@mantine/core';
import type { BakePlan, PlanBread } from '../../../domain/contracts/bake-plan';
import { formatQuantity } from '../../components/format';
import { NumberField } from '../../components/NumberField';
import { StackedTable } from '../../components/StackedTable';

function YieldCell({ bread }: { bread: PlanBread }) {
  return (
    <Table.Td data-figure data-label="Loaves per kg">
      {bread.loavesPerKg === null ? (
        <Badge color="red" variant="light">
          Not set
        </Badge>
      ) : (
        bread.loavesPerKg
      )}
      {bread.averageLoavesPerKg !== null && (
        <Text span c="dimmed" fz="xs" ml={4}>
          (avg {bread.averageLoavesPerKg})
        </Text>
      )}
    </Table.Td>
  );
}

/** Per bread: ordered, margin, the adjustment typed here, loaves, yield, flour and mixes. */
export function BreadsTable(props: {
  plan: BakePlan;
  adjustment: (recipeName: string) => number | string;
  onAdjust: (recipeName: string, value: number | string) => void;
}) {
  return (
    <StackedTable minWidth={880} striped withTableBorder aria-label="Breads to bake">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Bread</Table.Th>
          <Table.Th data-figure>Ordered</Table.Th>
          <Table.Th data-figure>Margin</Table.Th>
          <Table.Th data-figure>Adjustment</Table.Th>
          <Table.Th data-figure>Loaves</Table.Th>
          <Table.Th data-figure>Loaves per kg</Table.Th>
          <Table.Th data-figure>Flour</Table.Th>
          <Table.Th data-figure>Mixes</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.plan.breads.map((bread) => (
          <Table.Tr key={bread.recipeId} data-testid="plan-bread">
            <Table.Td>
              {bread.recipeName}
              {bread.plannedBatches > 0 && (
                <Badge ml="xs" color="green" variant="light" size="sm">
                  {bread.plannedBatches} batches planned
                </Badge>
              )}
            </Table.Td>
            <Table.Td data-figure data-label="Ordered">
              {bread.ordered}
            </Table.Td>
            <Table.Td data-figure data-label="Margin">
              {bread.margin}
            </Table.Td>
            <Table.Td data-figure data-label="Adjustment">
              {/* At the cell's right in the table; on a phone, under its tile's label. */}
              <Group justify="flex-end">
                <NumberField
                  aria-label={`Adjustment for ${bread.recipeName}`}
                  value={props.adjustment(bread.recipeName)}
                  onChange={(value) => props.onAdjust(bread.recipeName, value)}
                  w={90}
                  size="xs"
                />
              </Group>
            </Table.Td>
            <Table.Td data-figure fw={700} data-label="Loaves">
              {bread.loaves}
            </Table.Td>
            <YieldCell bread={bread} />
            <Table.Td data-figure data-label="Flour">
              {bread.flourKg === null ? '—' : formatQuantity(bread.flourKg, 'kg')}
            </Table.Td>
            <Table.Td data-figure data-label="Mixes">
              {bread.mixes === null
                ? '—'
                : bread.mixes.length > 0
                  ? `${bread.mixes.length} × ${formatQuantity(bread.mixes[0]?.flourKg ?? 0, 'kg')}`
                  : 0}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}

/** What the mixes need of each item, the stock and what is short. */
export function NeedsTable({ plan }: { plan: BakePlan }) {
  if (plan.needs.length === 0)
    return <Text c="dimmed">Nothing to bake, so nothing is needed.</Text>;
  return (
    <StackedTable minWidth={620} striped withTableBorder aria-label="Ingredient needs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th data-figure>Needed</Table.Th>
          <Table.Th data-figure>In stock</Table.Th>
          <Table.Th data-figure>Short</Table.Th>
          <Table.Th>Supplier</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plan.needs.map((need) => (
          <Table.Tr key={need.itemId} data-testid="plan-need">
            <Table.Td>{need.itemName}</Table.Td>
            <Table.Td data-figure data-label="Needed">
              {formatQuantity(need.need, need.unit)}
            </Table.Td>
            <Table.Td data-figure data-label="In stock">
              {formatQuantity(need.stock, need.unit)}
            </Table.Td>
            <Table.Td
              data-figure
              data-label="Short"
              c={need.shortfall > 0 ? 'red' : undefined}
              fw={600}
            >
              {need.shortfall > 0 ? formatQuantity(need.shortfall, need.unit) : '—'}
            </Table.Td>
            <Table.Td data-label="Supplier" data-wide>
              {need.supplier ?? <Text c="dimmed">Not set</Text>}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
