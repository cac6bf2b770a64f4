import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../domain/admin-schemas';
import { recipeSchema, recipeUpdateSchema } from '../../../domain/recipe-schemas';
import type { Database } from '../../db/connection';
import * as recipes from './service';

export function recipeRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const withId = { params: idParamsSchema };

  api.get('/api/recipes', () => recipes.listRecipes(db));

  api.post('/api/recipes', { schema: { body: recipeSchema } }, async (request, reply) => {
    const recipe = await recipes.createRecipe(db, request.body);
    reply.code(201);
    return recipe;
  });

  api.patch('/api/recipes/:id', { schema: { ...withId, body: recipeUpdateSchema } }, (request) =>
    recipes.updateRecipe(db, request.params.id, request.body),
  );

  api.delete('/api/recipes/:id', { schema: withId }, (request) =>
    recipes.deleteRecipe(db, request.params.id),
  );
  api.post('/api/recipes/:id/restore', { schema: withId }, (request) =>
    recipes.restoreRecipe(db, request.params.id),
  );
}
