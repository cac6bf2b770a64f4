import { Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { Recipe } from '../../../domain/contracts/recipes';
import { unitsFit } from '../../../domain/production';
import {
  durationFormSchema,
  joinDuration,
  RECIPE_UNITS,
  type RecipeInput,
  recipeSchema,
  splitDuration,
} from '../../../domain/recipe-schemas';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { LineItemEditor } from '../../components/LineItemEditor';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useInventory } from '../inventory/queries';
import { useCreateRecipe, useUpdateRecipe } from './queries';

interface LineValues {
  key: string;
  itemId: string | null;
  quantity: number | string;
  unit: string;
}

interface RecipeFormValues {
  name: string;
  description: string;
  baseFlourKg: number | string;
  /** '' while not set. */
  loavesPerKg: number | string;
  /** '' while not set: the loaves never go stale. */
  shelfLifeDays: number | string;
  ingredients: LineValues[];
  hours: number | string;
  minutes: number | string;
  instructions: string;
}

/** Each ingredient line starts at quantity 0, unit kg (docs/screens/recipes.md). */
const newLine = (): LineValues => ({
  key: crypto.randomUUID(),
  itemId: null,
  quantity: 0,
  unit: 'kg',
});

function toInput(values: RecipeFormValues): RecipeInput {
  return {
    name: values.name,
    description: values.description || null,
    baseFlourKg: typedNumber(values.baseFlourKg),
    loavesPerKg: values.loavesPerKg === '' ? null : typedNumber(values.loavesPerKg),
    shelfLifeDays: values.shelfLifeDays === '' ? null : typedNumber(values.shelfLifeDays),
    ingredients: values.ingredients.map((line) => ({
      itemId: line.itemId ?? '',
      quantity: typedNumber(line.quantity),
      unit: line.unit as RecipeInput['ingredients'][number]['unit'],
    })),
    instructions: values.instructions || null,
    // The duration is sent only when it is above 0 (docs/screens/recipes.md).
    estimatedDuration:
      joinDuration(Number(values.hours) || 0, Number(values.minutes) || 0) ?? undefined,
  };
}

const validateRecipe = schemaResolver(recipeSchema, { sync: true });
const validateDuration = schemaResolver(durationFormSchema, { sync: true });

function initialValues(recipe: Recipe | null): RecipeFormValues {
  if (!recipe) {
    return {
      name: '',
      description: '',
      baseFlourKg: 1,
      loavesPerKg: '',
      shelfLifeDays: '',
      ingredients: [newLine()],
      hours: 0,
      minutes: 0,
      instructions: '',
    };
  }
  const duration = splitDuration(recipe.estimatedDuration);
  return {
    name: recipe.name,
    description: recipe.description ?? '',
    baseFlourKg: recipe.baseFlourKg,
    loavesPerKg: recipe.loavesPerKg ?? '',
    shelfLifeDays: recipe.shelfLifeDays ?? '',
    ingredients: recipe.ingredients.map((line) => ({
      key: crypto.randomUUID(),
      itemId: line.itemId,
      quantity: line.quantity,
      unit: line.unit,
    })),
    hours: duration.hours,
    minutes: duration.minutes,
    instructions: recipe.instructions ?? '',
  };
}

/** New Recipe and Edit Recipe. */
export function RecipeDialog(props: {
  opened: boolean;
  recipe: Recipe | null;
  onClose: () => void;
}) {
  const { recipe } = props;
  const inventory = useInventory();
  const createRecipe = useCreateRecipe();
  const updateRecipe = useUpdateRecipe();
  const form = useForm<RecipeFormValues>({
    initialValues: initialValues(null),
    validate: (values) => ({
      ...validateRecipe(toInput(values)),
      ...validateDuration({
        hours: typedNumber(values.hours),
        minutes: typedNumber(values.minutes),
      }),
    }),
  });

  useResetOnOpen(form, props.opened, () => initialValues(recipe), [recipe]);

  // Only items of the Ingredients category can be chosen (docs/screens/recipes.md).
  const ingredients = (inventory.data ?? []).filter((item) => item.category === 'ingredients');
  const options = ingredients.map((item) => ({ value: item.id, label: item.name }));

  const chooseItem = (index: number, itemId: string | null) => {
    form.setFieldValue(`ingredients.${index}.itemId`, itemId);
    // Measure the line in the item's own unit when the current one cannot fit it.
    const item = ingredients.find((candidate) => candidate.id === itemId);
    const unit = form.values.ingredients[index]?.unit ?? 'kg';
    if (
      item &&
      !unitsFit(unit, item.unit) &&
      (RECIPE_UNITS as readonly string[]).includes(item.unit)
    ) {
      form.setFieldValue(`ingredients.${index}.unit`, item.unit);
    }
  };

  const submit = form.onSubmit((values) => {
    const input = toInput(values);
    const done = { onDone: props.onClose };
    if (recipe) {
      updateRecipe.mutate(
        { id: recipe.id, input },
        saveHandlers(form, {
          success: () => ({ title: 'Recipe Updated', message: `${input.name} was updated` }),
          failure: 'Failed to update recipe',
          ...done,
        }),
      );
    } else {
      createRecipe.mutate(
        input,
        saveHandlers(form, {
          success: () => ({ title: 'Recipe Created', message: `${input.name} was created` }),
          failure: 'Failed to create recipe',
          ...done,
        }),
      );
    }
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={recipe ? 'Edit Recipe' : 'Create New Recipe'}
      centered
      size="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Recipe Name"
              placeholder="e.g. Agege Bread"
              {...form.getInputProps('name')}
            />
            <NumberField
              label="Base Flour (kg)"
              min={0}
              step={0.1}
              hideControls={false}
              {...form.getInputProps('baseFlourKg')}
            />
            <NumberField
              label="Loaves per kg of flour (Optional)"
              description={
                props.recipe?.averageLoavesPerKg
                  ? `Its completed batches average ${props.recipe.averageLoavesPerKg}`
                  : 'The bake plan turns loaves into flour with it'
              }
              min={0}
              step={0.1}
              {...form.getInputProps('loavesPerKg')}
            />
            <NumberField
              label="Shelf life in days (Optional)"
              description="1: sold on its baking day only; empty: never stale"
              min={0}
              step={1}
              {...form.getInputProps('shelfLifeDays')}
            />
          </SimpleGrid>
          <Textarea
            label="Description (Optional)"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <LineItemEditor
            title="Ingredients"
            noun="ingredient"
            addLabel="Add Ingredient"
            lines={form.values.ingredients}
            error={form.errors.ingredients}
            lineTestId="ingredient-line"
            onAdd={() => form.insertListItem('ingredients', newLine())}
            onRemove={(index) => form.removeListItem('ingredients', index)}
          >
            {(_line, index, remove) => (
              <>
                <Select
                  label="Ingredient"
                  placeholder="Choose an ingredient"
                  data={options}
                  searchable
                  nothingFoundMessage="No ingredient items in inventory"
                  style={{ flex: '2 1 200px' }}
                  {...form.getInputProps(`ingredients.${index}.itemId`)}
                  onChange={(value) => chooseItem(index, value)}
                />
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 260px' }}>
                  <NumberField
                    label="Quantity"
                    min={0}
                    step={0.1}
                    style={{ flex: 1 }}
                    {...form.getInputProps(`ingredients.${index}.quantity`)}
                  />
                  <Select
                    label="Unit"
                    data={[...RECIPE_UNITS]}
                    allowDeselect={false}
                    w={96}
                    {...form.getInputProps(`ingredients.${index}.unit`)}
                  />
                  {remove}
                </Group>
              </>
            )}
          </LineItemEditor>
          <SimpleGrid cols={2} spacing="md" maw={360}>
            <NumberField
              label="Hours"
              min={0}
              step={1}
              hideControls={false}
              {...form.getInputProps('hours')}
            />
            <NumberField
              label="Minutes"
              min={0}
              max={59}
              step={5}
              hideControls={false}
              {...form.getInputProps('minutes')}
            />
          </SimpleGrid>
          <Textarea
            label="Instructions (Optional)"
            autosize
            minRows={3}
            {...form.getInputProps('instructions')}
          />
          <FormActions
            submitLabel={recipe ? 'Update Recipe' : 'Create Recipe'}
            busy={createRecipe.isPending || updateRecipe.isPending}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
