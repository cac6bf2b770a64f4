import { Box, Table, Text, Title } from '@mantine/core';
import type { BakePlan } from '../../../domain/contracts/bake-plan';
import { formatCalendarDate, formatQuantity } from '../../components/format';

/**
 * The baker's sheet, only on paper (print.css): per bread, each mix with the
 * weight of every ingredient, as its batch takes it.
 */
export function BakerSheet({ plan }: { plan: BakePlan }) {
  const baking = plan.breads.filter((bread) => bread.mixes && bread.mixes.length > 0);
  return (
    <Box data-print="only" data-testid="baker-sheet">
      <Title order={2} fz="xl" mb="sm">
        Baker's sheet for {formatCalendarDate(plan.day)}
      </Title>
      {baking.map((bread) => (
        <Box key={bread.recipeId} mb="lg" style={{ breakInside: 'avoid' }}>
          <Text fw={700} fz="lg">
            {bread.recipeName}: {bread.loaves} loaves, {formatQuantity(bread.flourKg ?? 0, 'kg')}{' '}
            flour in {bread.mixes?.length} mixes
          </Text>
          {bread.mixes
            ?.map((mix, index) => ({ ...mix, number: index + 1 }))
            .map((mix) => (
              <Table key={mix.number} withTableBorder mb="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      Mix {mix.number} of {bread.mixes?.length} ({formatQuantity(mix.flourKg, 'kg')}{' '}
                      flour)
                    </Table.Th>
                    <Table.Th ta="right">Weight</Table.Th>
                    <Table.Th w={80}>Done</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {mix.ingredients.map((line) => (
                    <Table.Tr key={line.itemId}>
                      <Table.Td>{line.itemName}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(line.quantity, line.unit)}</Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ))}
        </Box>
      ))}
    </Box>
  );
}
