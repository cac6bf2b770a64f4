import { useMutation, useQuery } from '@tanstack/react-query';
import { recipesApi } from '../../../domain/contracts/recipes';
import type { RecipeInput, RecipeUpdateInput } from '../../../domain/recipe-schemas';
import { call } from '../../api/http';

export const recipeKeys = {
  list: ['/api/recipes', 'list'] as const,
};

export const useRecipes = (enabled = true) =>
  useQuery({
    queryKey: recipeKeys.list,
    queryFn: () => call(recipesApi.list),
    enabled,
  });

export const useCreateRecipe = () =>
  useMutation({
    mutationFn: (input: RecipeInput) => call(recipesApi.create, { body: input }),
  });
export const useUpdateRecipe = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: RecipeUpdateInput }) =>
      call(recipesApi.update, { params: { id }, body: input }),
  });
export const useDeleteRecipe = () =>
  useMutation({
    mutationFn: (id: string) => call(recipesApi.remove, { params: { id } }),
  });
export const useRestoreRecipe = () =>
  useMutation({
    mutationFn: (id: string) => call(recipesApi.restore, { params: { id } }),
  });
