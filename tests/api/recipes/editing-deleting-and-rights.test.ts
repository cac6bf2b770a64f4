import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductionBatch } from '../../../src/domain/contracts/production';
import type { Recipe } from '../../../src/domain/contracts/recipes';
import { recipes } from '../../../src/server/db/schema';
import { ApiClient } from '../../support/api-client';
import { createRole, userWithRole } from '../../support/personas';

import {
  addItem,
  admin,
  body,
  createRecipe,
  eggs,
  listNames,
  salt,
  setUpRecipesApp,
  testApp,
  yeast,
} from './setup';

setUpRecipesApp();

describe('listing and editing', () => {
  // The recipe the creating tests (recipes/creating.test.ts) start with, whose name others take.
  beforeAll(async () => {
    await createRecipe('Agege Bread');
  });

  it('lists recipes in use by name', async () => {
    const names = await listNames();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toContain('Agege Bread');
  });

  it('edits the given fields and leaves the others as they were', async () => {
    const recipe = await createRecipe('Milk Bread', {
      description: 'Sweet',
      instructions: 'Bake at 180',
      estimatedDuration: 90,
    });
    const reply = await admin.patch<Recipe>(`/api/recipes/${recipe.id}`, {
      name: 'Milky Bread',
      baseFlourKg: 2,
      ingredients: [{ itemId: salt.id, quantity: 36, unit: 'g' }],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...recipe,
      name: 'Milky Bread',
      baseFlourKg: 2,
      ingredients: [{ itemId: salt.id, itemName: 'Salt', quantity: 36, unit: 'g' }],
      updatedAt: expect.any(String),
    });
    expect(new Date(reply.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(recipe.updatedAt).getTime(),
    );
    const listed = (await admin.get<Recipe[]>('/api/recipes')).body.find((r) => r.id === recipe.id);
    expect(listed).toEqual(reply.body);
  });

  it('clears optional text with an empty string and a duration with null', async () => {
    const recipe = await createRecipe('Plain Bread', {
      description: 'Plain',
      estimatedDuration: 45,
    });
    const reply = await admin.patch<Recipe>(`/api/recipes/${recipe.id}`, {
      description: '',
      estimatedDuration: null,
    });
    expect(reply.body).toMatchObject({ description: null, estimatedDuration: null });
  });

  it('lets a recipe change the case of its own name, but not take another name', async () => {
    const recipe = await createRecipe('wheat bread');
    const renamed = await admin.patch<Recipe>(`/api/recipes/${recipe.id}`, { name: 'Wheat Bread' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Wheat Bread');
    const taken = await admin.patch(`/api/recipes/${recipe.id}`, { name: 'AGEGE BREAD' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      message: 'A recipe with this name already exists',
      code: 'RECIPE_NAME_TAKEN',
      errors: [{ path: 'name', message: 'A recipe with this name already exists' }],
    });
  });

  it('checks edited ingredients as on create', async () => {
    const recipe = await createRecipe('Raisin Bread');
    const reply = await admin.patch(`/api/recipes/${recipe.id}`, {
      ingredients: [{ itemId: eggs.id, quantity: 2, unit: 'kg' }],
    });
    expect(reply.status).toBe(400);
    const message = 'Eggs is kept in units, so it cannot be measured in kg';
    expect(reply.body).toEqual({
      message,
      code: 'INVALID_INPUT',
      errors: [{ path: 'ingredients.0.unit', message }],
    });
    const invalid = await admin.patch(`/api/recipes/${recipe.id}`, { baseFlourKg: -1 });
    expect(invalid.body).toEqual({
      message: 'Base flour must be greater than 0',
      code: 'INVALID_INPUT',
      errors: [{ path: 'baseFlourKg', message: 'Base flour must be greater than 0' }],
    });
    const unchanged = (await admin.get<Recipe[]>('/api/recipes')).body.find(
      (r) => r.id === recipe.id,
    );
    expect(unchanged?.ingredients).toEqual(recipe.ingredients);
    expect(unchanged?.baseFlourKg).toBe(1);
  });

  it('answers 404 for a recipe that does not exist, and 400 for a malformed id', async () => {
    const missing = await admin.patch(`/api/recipes/${randomUUID()}`, { name: 'X' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Recipe not found', code: 'NOT_FOUND' });
    expect((await admin.delete(`/api/recipes/${randomUUID()}`)).status).toBe(404);
    expect((await admin.post(`/api/recipes/${randomUUID()}/restore`)).status).toBe(404);
    expect((await admin.patch('/api/recipes/agege', { name: 'X' })).status).toBe(400);
  });
});

describe('deleting and restoring', () => {
  it('hides a deleted recipe, and Undo brings it back as it was', async () => {
    const recipe = await createRecipe('Fruit Bread', { estimatedDuration: 120 });
    const deleted = await admin.delete(`/api/recipes/${recipe.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Fruit Bread was deleted' });
    expect(await listNames()).not.toContain('Fruit Bread');

    const restored = await admin.post<Recipe>(`/api/recipes/${recipe.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ ...recipe, updatedAt: expect.any(String) });
    expect(await listNames()).toContain('Fruit Bread');
  });

  it('answers 404 to editing, deleting again or restoring a recipe that is not deleted', async () => {
    const recipe = await createRecipe('Honey Bread');
    expect((await admin.post(`/api/recipes/${recipe.id}/restore`)).status).toBe(404);
    await admin.delete(`/api/recipes/${recipe.id}`);
    expect((await admin.delete(`/api/recipes/${recipe.id}`)).status).toBe(404);
    expect((await admin.patch(`/api/recipes/${recipe.id}`, { name: 'Honey Loaf' })).status).toBe(
      404,
    );
  });

  it('frees the name of a deleted recipe, and then refuses to restore it with 409', async () => {
    const old = await createRecipe('Chocolate Bread');
    await admin.delete(`/api/recipes/${old.id}`);
    const again = await admin.post<Recipe>('/api/recipes', body('chocolate bread'));
    expect(again.status).toBe(201);

    const restore = await admin.post(`/api/recipes/${old.id}/restore`);
    expect(restore.status).toBe(409);
    expect(restore.body).toEqual({
      message: 'A recipe with this name already exists',
      code: 'RECIPE_NAME_TAKEN',
      errors: [{ path: 'name', message: 'A recipe with this name already exists' }],
    });
    expect((await listNames()).filter((n) => n.toLowerCase() === 'chocolate bread')).toEqual([
      'chocolate bread',
    ]);
  });

  it('refuses to restore a recipe whose ingredient was archived since, until it is back', async () => {
    const raisins = await addItem('Raisins', 'kg');
    const recipe = await createRecipe('Raisin Loaf', {
      ingredients: [{ itemId: raisins.id, quantity: 0.2, unit: 'kg' }],
    });
    await admin.delete(`/api/recipes/${recipe.id}`);
    expect((await admin.delete(`/api/inventory/${raisins.id}`)).body).toMatchObject({
      action: 'archived',
    });

    const restore = await admin.post(`/api/recipes/${recipe.id}/restore`);
    expect(restore.status).toBe(409);
    expect(restore.body).toEqual({
      message: 'Raisin Loaf cannot be restored: Raisins is archived. Unarchive it first.',
      code: 'RECIPE_INGREDIENT_ARCHIVED',
    });
    expect(await listNames()).not.toContain('Raisin Loaf');

    expect((await admin.post(`/api/inventory/${raisins.id}/unarchive`)).status).toBe(200);
    expect((await admin.post(`/api/recipes/${recipe.id}/restore`)).status).toBe(200);
    expect(await listNames()).toContain('Raisin Loaf');
  });

  it('refuses to restore a recipe whose ingredient an older release deleted', async () => {
    const [legacy] = await testApp.database.db
      .insert(recipes)
      .values({
        name: 'Currant Loaf',
        ingredients: [{ itemId: randomUUID(), quantity: 0.2, unit: 'kg' }],
        deletedAt: new Date(),
      })
      .returning({ id: recipes.id });
    const restore = await admin.post(`/api/recipes/${legacy?.id}/restore`);
    expect(restore.status).toBe(409);
    expect(restore.body).toEqual({
      message: 'Currant Loaf cannot be restored: one of its ingredients is no longer in inventory',
      code: 'RECIPE_INGREDIENT_GONE',
    });
  });

  it("keeps a deleted recipe's batches with their recipe name, and makes no new ones", async () => {
    const recipe = await createRecipe('Tea Bread');
    const batch = await admin.post<ProductionBatch>('/api/production-batches', {
      recipeId: recipe.id,
      flourKg: 5,
    });
    expect(batch.status).toBe(201);
    await admin.delete(`/api/recipes/${recipe.id}`);

    const batches = (await admin.get<ProductionBatch[]>('/api/production-batches')).body;
    expect(batches.find((b) => b.id === batch.body.id)).toMatchObject({
      recipeId: recipe.id,
      recipeName: 'Tea Bread',
      flourKg: 5,
    });

    const refused = await admin.post('/api/production-batches', {
      recipeId: recipe.id,
      flourKg: 5,
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Recipe not found', code: 'NOT_FOUND' });
  });
});

describe('permissions', () => {
  it('lets a recipe reader list recipes but not create, edit, delete or restore them', async () => {
    const recipe = await createRecipe('Guarded Bread');
    const reader = await userWithRole(
      testApp,
      admin,
      'recipe_reader',
      await createRole(
        admin,
        'Recipe readers',
        { canRead: true, canWrite: false, canDelete: false },
        ['recipes'],
      ),
    );
    expect((await reader.get('/api/recipes')).status).toBe(200);
    const created = await reader.post('/api/recipes', body('Sneaky Bread'));
    expect(created.status).toBe(403);
    expect(created.body).toEqual({
      message: 'You do not have permission to change Recipes',
      code: 'FORBIDDEN',
    });
    expect((await reader.patch(`/api/recipes/${recipe.id}`, { name: 'X' })).status).toBe(403);
    const deleted = await reader.delete(`/api/recipes/${recipe.id}`);
    expect(deleted.status).toBe(403);
    expect(deleted.body).toEqual({
      message: 'You do not have permission to delete from Recipes',
      code: 'FORBIDDEN',
    });
    expect((await reader.post(`/api/recipes/${recipe.id}/restore`)).status).toBe(403);
    expect(await listNames()).toContain('Guarded Bread');
    expect(await listNames()).not.toContain('Sneaky Bread');
    // Nor production, which is another module.
    expect((await reader.get('/api/production-batches')).status).toBe(403);
    expect(
      (await reader.post('/api/production-batches', { recipeId: recipe.id, flourKg: 1 })).status,
    ).toBe(403);
  });

  it('lets a recipe writer without the delete right edit but not delete', async () => {
    const recipe = await createRecipe('Kept Bread');
    const writer = await userWithRole(
      testApp,
      admin,
      'recipe_writer',
      await createRole(
        admin,
        'Recipe writers',
        { canRead: true, canWrite: true, canDelete: false },
        ['recipes'],
      ),
    );
    const created = await writer.post<Recipe>('/api/recipes', body('Writer Bread'));
    expect(created.status).toBe(201);
    expect(
      (await writer.patch(`/api/recipes/${recipe.id}`, { description: 'Edited' })).status,
    ).toBe(200);
    expect((await writer.delete(`/api/recipes/${recipe.id}`)).status).toBe(403);
    // The recipe form chooses items from the inventory list.
    expect((await writer.get('/api/inventory')).status).toBe(200);
  });

  it('lets a production writer look up recipes and items, but not write recipes', async () => {
    const baker = await userWithRole(
      testApp,
      admin,
      'baker_no_recipes',
      await createRole(
        admin,
        'Bakers without recipes',
        { canRead: true, canWrite: true, canDelete: false },
        ['production'],
      ),
    );
    const recipes = await baker.get<Recipe[]>('/api/recipes');
    expect(recipes.status).toBe(200);
    expect(recipes.body.map((r) => r.name)).toContain('Agege Bread');
    expect((await baker.get('/api/inventory')).status).toBe(200);
    expect((await baker.post('/api/recipes', body('Baker Bread'))).status).toBe(403);
    expect((await baker.get(`/api/inventory/${yeast.id}/movements`)).status).toBe(403);
  });

  it('refuses a signed-out caller', async () => {
    const anonymous = new ApiClient(testApp);
    expect((await anonymous.get('/api/recipes')).status).toBe(401);
    expect((await anonymous.post('/api/recipes', body('Anonymous Bread'))).status).toBe(401);
  });
});
