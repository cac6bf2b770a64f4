import {
  Alert,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { InventoryItem } from '../../../domain/contracts/inventory';
import type { Recipe } from '../../../domain/contracts/recipes';
import {
  defaultBatchNumber,
  INSUFFICIENT_STOCK_WARNING,
  scaledRequirement,
  unitsFit,
} from '../../../domain/production';
import { type BatchInput, batchSchema } from '../../../domain/production-schemas';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { formatQuantity } from '../../components/format';
import { NumberField } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useInventory } from '../inventory/queries';
import { useRecipes } from '../recipes/queries';
import { useCreateBatch } from './queries';

interface BatchFormValues {
  batchNumber: string;
  recipeId: string | null;
  flourKg: number | string;
  doughSizeGrams: number | string;
  notes: string;
}

function toInput(values: BatchFormValues, recipes: readonly Recipe[]): BatchInput {
  return {
    batchNumber: values.batchNumber,
    recipeId: values.recipeId ?? '',
    recipeName: recipes.find((recipe) => recipe.id === values.recipeId)?.name,
    flourKg: values.flourKg === '' ? Number.NaN : Number(values.flourKg),
    doughSizeGrams: values.doughSizeGrams === '' ? null : Number(values.doughSizeGrams),
    notes: values.notes || null,
  };
}

const validate = schemaResolver(batchSchema, { sync: true });

interface Requirement {
  itemId: string;
  name: string;
  unit: string;
  needed: number;
  inStock: number;
}

/** Each ingredient of the recipe scaled to the batch's flour, against what is in stock. */
function requirements(
  recipe: Recipe | undefined,
  flourKg: number,
  items: readonly InventoryItem[],
): Requirement[] {
  if (!recipe || !(flourKg > 0)) return [];
  return recipe.ingredients.flatMap((line) => {
    const item = items.find((candidate) => candidate.id === line.itemId);
    if (!item || !unitsFit(line.unit, item.unit)) return [];
    return [
      {
        itemId: item.id,
        name: item.name,
        unit: item.unit,
        needed: scaledRequirement(line, recipe.baseFlourKg, flourKg, item.unit),
        inStock: item.currentStock,
      },
    ];
  });
}

/** New Batch. `recipeId` starts it with that recipe, as a recipe's Start Production does. */
export function BatchDialog(props: {
  opened: boolean;
  recipeId: string | null;
  onClose: () => void;
}) {
  const recipes = useRecipes(props.opened);
  const inventory = useInventory();
  const createBatch = useCreateBatch();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const list = recipes.data ?? [];
  const form = useForm<BatchFormValues>({
    initialValues: { batchNumber: '', recipeId: null, flourKg: '', doughSizeGrams: '', notes: '' },
    validate: (values) => validate(toInput(values, list)),
  });

  useResetOnOpen(
    form,
    props.opened,
    () => ({
      batchNumber: defaultBatchNumber(new Date(), timeZone),
      recipeId: props.recipeId,
      flourKg: '',
      doughSizeGrams: '',
      notes: '',
    }),
    [props.recipeId],
  );

  const recipe = list.find((candidate) => candidate.id === form.values.recipeId);
  const needs = requirements(recipe, Number(form.values.flourKg), inventory.data ?? []);
  const short = needs.some((need) => need.needed > need.inStock);

  const submit = form.onSubmit((values) =>
    createBatch.mutate(
      toInput(values, list),
      saveHandlers(form, {
        success: () => ({
          title: 'Batch Created',
          message: 'Production batch created and ingredients deducted from inventory',
        }),
        failure: 'Failed to create production batch',
        onDone: props.onClose,
      }),
    ),
  );

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Create Production Batch"
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Batch Number" {...form.getInputProps('batchNumber')} />
            <Select
              label="Recipe"
              placeholder={recipes.isPending ? 'Loading recipes...' : 'Choose a recipe'}
              data={list.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              searchable
              nothingFoundMessage="No recipes yet"
              {...form.getInputProps('recipeId')}
            />
            <NumberField
              label="Flour (kg)"
              min={0}
              step={0.1}
              hideControls={false}
              {...form.getInputProps('flourKg')}
            />
            <NumberField
              label="Dough Size (g, Optional)"
              min={0}
              step={1}
              hideControls={false}
              {...form.getInputProps('doughSizeGrams')}
            />
          </SimpleGrid>
          {needs.length > 0 && (
            <Stack gap="xs">
              <Text fw={600}>Ingredients needed</Text>
              <Table withTableBorder fz="sm" data-testid="batch-requirements">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Ingredient</Table.Th>
                    <Table.Th ta="right">Needed</Table.Th>
                    <Table.Th ta="right">In stock</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {needs.map((need) => {
                    const isShort = need.needed > need.inStock;
                    return (
                      <Table.Tr key={need.itemId} data-testid="batch-requirement">
                        <Table.Td>{need.name}</Table.Td>
                        <Table.Td
                          ta="right"
                          c={isShort ? 'red' : undefined}
                          fw={isShort ? 700 : undefined}
                        >
                          {formatQuantity(need.needed, need.unit)}
                        </Table.Td>
                        <Table.Td ta="right">{formatQuantity(need.inStock, need.unit)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
              {short && (
                <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} p="sm">
                  {INSUFFICIENT_STOCK_WARNING}
                </Alert>
              )}
            </Stack>
          )}
          <Textarea
            label="Notes (Optional)"
            autosize
            minRows={2}
            {...form.getInputProps('notes')}
          />
          <FormActions
            submitLabel="Create Batch"
            busy={createBatch.isPending}
            disabled={!form.values.recipeId || form.values.flourKg === ''}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
