import type { FastifyInstance } from 'fastify';
import { recipesApi } from '../../../domain/contracts/recipes';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import * as recipes from './service';

export function recipeRoutes(app: FastifyInstance, { db }: { db: Database }) {
  serve(app, recipesApi.list, async () => recipes.listRecipes(db));
  serve(app, recipesApi.create, async ({ body }) => recipes.createRecipe(db, body));
  serve(app, recipesApi.update, async ({ params, body }) =>
    recipes.updateRecipe(db, params.id, body),
  );
  serve(app, recipesApi.remove, async ({ params }) => recipes.deleteRecipe(db, params.id));
  serve(app, recipesApi.restore, async ({ params }) => recipes.restoreRecipe(db, params.id));
}
