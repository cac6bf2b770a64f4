import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Recipe, RecipeInput, RecipeUpdateInput } from '../../../domain/recipe-schemas';
import { apiGet, apiRequest } from '../../api/http';

export const recipeKeys = {
  all: ['/api/recipes'] as const,
  list: ['/api/recipes', 'list'] as const,
};

export const useRecipes = (enabled = true) =>
  useQuery({
    queryKey: recipeKeys.list,
    queryFn: () => apiGet<Recipe[]>('/api/recipes'),
    enabled,
  });

function useRecipeMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipeKeys.all }),
  });
}

export const useCreateRecipe = () =>
  useRecipeMutation((input: RecipeInput) => apiRequest<Recipe>('POST', '/api/recipes', input));
export const useUpdateRecipe = () =>
  useRecipeMutation(({ id, input }: { id: string; input: RecipeUpdateInput }) =>
    apiRequest<Recipe>('PATCH', `/api/recipes/${id}`, input),
  );
export const useDeleteRecipe = () =>
  useRecipeMutation((id: string) =>
    apiRequest<{ message: string }>('DELETE', `/api/recipes/${id}`),
  );
export const useRestoreRecipe = () =>
  useRecipeMutation((id: string) => apiRequest<Recipe>('POST', `/api/recipes/${id}/restore`));
