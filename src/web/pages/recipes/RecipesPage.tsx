import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBook, IconClock, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Recipe } from '../../../domain/contracts/recipes';
import { formatDuration } from '../../../domain/recipe-schemas';
import { countOf } from '../../../domain/words';
import { errorText } from '../../api/http';
import { dismissNotification, notifyError, notifySuccess } from '../../api/notify';
import { useRights } from '../../auth/use-rights';
import { formatQuantity } from '../../components/format';
import { ListState } from '../../components/ListState';
import { AddButton } from '../../components/PageActions';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { useCreateIntent } from '../../components/use-create-intent';
import { useDeleteRecipe, useRecipes, useRestoreRecipe } from './queries';
import { RecipeDialog } from './RecipeDialog';

function RecipeCard(props: {
  recipe: Recipe;
  canWrite: boolean;
  canDelete: boolean;
  canProduce: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onStart: () => void;
}) {
  const { recipe } = props;
  const duration = formatDuration(recipe.estimatedDuration);
  return (
    <Card withBorder radius="lg" p="md" data-testid="recipe-card">
      <Stack gap="xs" style={{ flex: 1 }}>
        <Text fw={700} fz="lg">
          {recipe.name}
        </Text>
        {recipe.description && (
          <Text fz="sm" c="dimmed">
            {recipe.description}
          </Text>
        )}
        <Group gap="lg" fz="sm">
          <Text fz="sm">
            <Text span fw={600}>
              Base flour:
            </Text>{' '}
            {formatQuantity(recipe.baseFlourKg, 'kg')}
          </Text>
          <Text fz="sm" data-testid="recipe-yield">
            <Text span fw={600}>
              Loaves per kg:
            </Text>{' '}
            {recipe.loavesPerKg ?? 'not set'}
            {recipe.averageLoavesPerKg !== null && (
              <Text span c="dimmed" fz="sm">
                {' '}
                (batches average {recipe.averageLoavesPerKg})
              </Text>
            )}
          </Text>
          <Text fz="sm" data-testid="recipe-shelf-life">
            <Text span fw={600}>
              Shelf life:
            </Text>{' '}
            {recipe.shelfLifeDays === null ? 'not set' : countOf(recipe.shelfLifeDays, 'day')}
          </Text>
          {duration && (
            <Group gap={4} wrap="nowrap">
              <IconClock size={16} aria-hidden />
              <Text fz="sm" data-testid="recipe-duration">
                {duration}
              </Text>
            </Group>
          )}
        </Group>
        <div>
          <Text fz="sm" fw={600}>
            Ingredients
          </Text>
          <List size="sm" spacing={2}>
            {recipe.ingredients.map((line) => (
              <List.Item key={line.itemId}>
                {line.itemName ?? 'Item no longer in inventory'}:{' '}
                {formatQuantity(line.quantity, line.unit)}
              </List.Item>
            ))}
          </List>
        </div>
      </Stack>
      <Group justify="flex-end" gap="xs" mt="md">
        {props.canWrite && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={props.onEdit}
            aria-label={`Edit ${recipe.name}`}
          >
            Edit
          </Button>
        )}
        {props.canDelete && (
          <Button
            variant="default"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={props.onDelete}
            aria-label={`Delete ${recipe.name}`}
          >
            Delete
          </Button>
        )}
        {props.canProduce && (
          <Button
            color="orange"
            size="xs"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            onClick={props.onStart}
            aria-label={`Start Production of ${recipe.name}`}
          >
            Start Production
          </Button>
        )}
      </Group>
    </Card>
  );
}

export default function RecipesPage() {
  const recipes = useRecipes();
  const rights = useRights('recipes');
  const production = useRights('production');
  const deleteRecipe = useDeleteRecipe();
  const restoreRecipe = useRestoreRecipe();
  const [, navigate] = useLocation();
  const intent = useCreateIntent('/recipes', 'recipes');
  const [editing, setEditing] = useState<{ opened: boolean; recipe: Recipe | null }>({
    opened: intent.requested,
    recipe: null,
  });

  const restore = (recipe: Recipe) =>
    restoreRecipe.mutate(recipe.id, {
      onSuccess: () => notifySuccess('Recipe Restored', `${recipe.name} is back`),
      onError: (error) => notifyError('Error', errorText(error, 'Failed to restore recipe')),
    });

  // No confirmation: the toast offers Undo instead (docs/screens/recipes.md).
  const remove = (recipe: Recipe) => {
    const toastId = `recipe-deleted-${recipe.id}`;
    const undo = () => {
      dismissNotification(toastId);
      restore(recipe);
    };
    deleteRecipe.mutate(recipe.id, {
      onSuccess: () =>
        notifySuccess(
          'Recipe Deleted',
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <span>{recipe.name} was deleted</span>
            <Anchor component="button" type="button" fz="sm" fw={600} onClick={undo}>
              Undo
            </Anchor>
          </Group>,
          toastId,
        ),
      onError: (error) => notifyError('Error', errorText(error, 'Failed to delete recipe')),
    });
  };

  const list = recipes.data ?? [];
  return (
    <>
      <PageHeader
        title="Recipes"
        subtitle="Manage bread recipes and formulations"
        actions={
          rights.canWrite && (
            <AddButton
              label="New Recipe"
              onClick={() => setEditing({ opened: true, recipe: null })}
            />
          )
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mb="lg" maw={560}>
        <StatCard
          label="Total Recipes"
          value={recipes.data ? list.length : '—'}
          icon={IconBook}
          colour="orange"
          note={
            list.every((recipe) => recipe.baseFlourKg === 1)
              ? 'All recipes based on 1kg flour'
              : "Quantities are per each recipe's base flour"
          }
        />
      </SimpleGrid>
      <ListState
        query={recipes}
        isEmpty={list.length === 0}
        loading="Loading recipes..."
        failed="Failed to load recipes"
        empty="No recipes found. Create your first recipe to get started."
      >
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {list.map((recipe) => (
            <RecipeCard
              key={recipe.id}
              recipe={recipe}
              canWrite={rights.canWrite}
              canDelete={rights.canDelete}
              canProduce={production.canWrite}
              onEdit={() => setEditing({ opened: true, recipe })}
              onDelete={() => remove(recipe)}
              onStart={() => navigate(`/production?recipe=${recipe.id}`)}
            />
          ))}
        </SimpleGrid>
      </ListState>
      <RecipeDialog
        opened={editing.opened}
        recipe={editing.recipe}
        onClose={() => {
          setEditing((current) => ({ ...current, opened: false }));
          intent.done();
        }}
      />
    </>
  );
}
