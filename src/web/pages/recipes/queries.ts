import { useMutation, useQuery } from '@tanstack/react-query';
import type { Recipe, RecipeInput, RecipeUpdateInput } from '../../../domain/recipe-schemas';
import { apiGet, apiRequest } from '../../api/http';

export const recipeKeys = {
  list: ['/api/recipes', 'list'] as const,
};

export const useRecipes = (enabled = true) =>
  useQuery({
    queryKey: recipeKeys.list,
    queryFn: () => apiGet<Recipe[]>('/api/recipes'),
    enabled,
  });

export const useCreateRecipe = () =>
  useMutation({
    mutationFn: (input: RecipeInput) => apiRequest<Recipe>('POST', '/api/recipes', input),
  });
export const useUpdateRecipe = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: RecipeUpdateInput }) =>
      apiRequest<Recipe>('PATCH', `/api/recipes/${id}`, input),
  });
export const useDeleteRecipe = () =>
  useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>('DELETE', `/api/recipes/${id}`),
  });
export const useRestoreRecipe = () =>
  useMutation({
    mutationFn: (id: string) => apiRequest<Recipe>('POST', `/api/recipes/${id}/restore`),
  });
