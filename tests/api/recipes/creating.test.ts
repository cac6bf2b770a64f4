import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Recipe } from '../../../src/domain/contracts/recipes';

import {
  admin,
  bags,
  body,
  createRecipe,
  eggs,
  listNames,
  oil,
  salt,
  setUpRecipesApp,
  yeast,
} from './setup';

setUpRecipesApp();

describe('creating recipes', () => {
  it('creates a recipe with its item names, base flour 1 kg by default', async () => {
    const reply = await admin.post<Recipe>('/api/recipes', body('Agege Bread'));
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      name: 'Agege Bread',
      description: null,
      baseFlourKg: 1,
      ingredients: [
        { itemId: yeast.id, itemName: 'Instant Yeast', quantity: 20, unit: 'g' },
        { itemId: salt.id, itemName: 'Salt', quantity: 0.018, unit: 'kg' },
        { itemId: oil.id, itemName: 'Vegetable Oil', quantity: 30, unit: 'ml' },
      ],
      instructions: null,
      estimatedDuration: null,
      loavesPerKg: null,
      averageLoavesPerKg: null,
      shelfLifeDays: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('keeps every field given, trimming the name', async () => {
    const recipe = await createRecipe('  Sardine Bread  ', {
      description: 'Soft, with a sardine filling',
      baseFlourKg: 2.5,
      ingredients: [{ itemId: eggs.id, quantity: 4, unit: 'units' }],
      instructions: 'Knead for 10 minutes',
      estimatedDuration: 150,
    });
    expect(recipe).toMatchObject({
      name: 'Sardine Bread',
      description: 'Soft, with a sardine filling',
      baseFlourKg: 2.5,
      ingredients: [{ itemId: eggs.id, itemName: 'Eggs', quantity: 4, unit: 'units' }],
      instructions: 'Knead for 10 minutes',
      estimatedDuration: 150,
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Recipe name is required'],
    [{ name: '   ' }, 'name', 'Recipe name is required'],
    [{ ingredients: [] }, 'ingredients', 'Add at least one ingredient'],
    [
      { ingredients: [{ itemId: randomUUID(), quantity: 0, unit: 'kg' }] },
      'ingredients.0.quantity',
      'Quantity must be greater than 0',
    ],
    [
      { ingredients: [{ itemId: randomUUID(), quantity: 1, unit: 'cups' }] },
      'ingredients.0.unit',
      'Choose a unit',
    ],
    [{ baseFlourKg: 0 }, 'baseFlourKg', 'Base flour must be greater than 0'],
    [{ estimatedDuration: 0 }, 'estimatedDuration', 'Duration must be at least 1 minute'],
    [
      { estimatedDuration: 12.5 },
      'estimatedDuration',
      'Duration must be a whole number of minutes',
    ],
  ])('refuses %j with 400 on %s', async (extra, path, message) => {
    const reply = await admin.post('/api/recipes', body('Refused', extra));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message, code: 'INVALID_INPUT', errors: [{ path, message }] });
  });

  it('refuses the same ingredient twice, on the second line', async () => {
    const reply = await admin.post('/api/recipes', {
      name: 'Twice',
      ingredients: [
        { itemId: yeast.id, quantity: 20, unit: 'g' },
        { itemId: yeast.id, quantity: 5, unit: 'g' },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'This ingredient is already in the recipe',
      code: 'INVALID_INPUT',
      errors: [
        { path: 'ingredients.1.itemId', message: 'This ingredient is already in the recipe' },
      ],
    });
  });

  it('refuses a key the recipe does not have', async () => {
    const reply = await admin.post('/api/recipes', body('Extra', { colour: 'brown' }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Unrecognized key: "colour"',
      code: 'INVALID_INPUT',
      errors: [{ path: '', message: 'Unrecognized key: "colour"' }],
    });
    expect(await listNames()).not.toContain('Extra');
  });

  it('refuses a unit the item cannot be measured in, naming the ingredient', async () => {
    const reply = await admin.post('/api/recipes', {
      name: 'Mismatch',
      ingredients: [
        { itemId: yeast.id, quantity: 20, unit: 'g' },
        { itemId: salt.id, quantity: 1, unit: 'liters' },
      ],
    });
    expect(reply.status).toBe(400);
    const message = 'Salt is kept in g, so it cannot be measured in liters';
    expect(reply.body).toEqual({
      message,
      code: 'INVALID_INPUT',
      errors: [{ path: 'ingredients.1.unit', message }],
    });
  });

  it('names every line at fault at once', async () => {
    const reply = await admin.post('/api/recipes', {
      name: 'Mismatches',
      ingredients: [
        { itemId: yeast.id, quantity: 20, unit: 'ml' },
        { itemId: eggs.id, quantity: 2, unit: 'units' },
        { itemId: oil.id, quantity: 1, unit: 'kg' },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Instant Yeast is kept in kg, so it cannot be measured in ml',
      code: 'INVALID_INPUT',
      errors: [
        {
          path: 'ingredients.0.unit',
          message: 'Instant Yeast is kept in kg, so it cannot be measured in ml',
        },
        {
          path: 'ingredients.2.unit',
          message: 'Vegetable Oil is kept in liters, so it cannot be measured in kg',
        },
      ],
    });
  });

  it('refuses an item that is not in the ingredients category', async () => {
    const reply = await admin.post('/api/recipes', {
      name: 'Bagged',
      ingredients: [
        { itemId: yeast.id, quantity: 20, unit: 'g' },
        { itemId: bags.id, quantity: 1, unit: 'units' },
      ],
    });
    expect(reply.status).toBe(400);
    const message = 'Nylon Bags is not in the ingredients category';
    expect(reply.body).toEqual({
      message,
      code: 'INVALID_INPUT',
      errors: [{ path: 'ingredients.1.itemId', message }],
    });
  });

  it('refuses an item that does not exist', async () => {
    const reply = await admin.post('/api/recipes', {
      name: 'Ghost',
      ingredients: [{ itemId: randomUUID(), quantity: 1, unit: 'kg' }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Choose an ingredient',
      code: 'INVALID_INPUT',
      errors: [{ path: 'ingredients.0.itemId', message: 'Choose an ingredient' }],
    });
    expect(await listNames()).not.toContain('Ghost');
  });

  it('refuses a name already in use, whatever its case, with 409 on the field', async () => {
    await createRecipe('Butter Bread');
    const reply = await admin.post('/api/recipes', body('  butter BREAD '));
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      message: 'A recipe with this name already exists',
      code: 'RECIPE_NAME_TAKEN',
      errors: [{ path: 'name', message: 'A recipe with this name already exists' }],
    });
    expect((await listNames()).filter((name) => name.toLowerCase() === 'butter bread')).toEqual([
      'Butter Bread',
    ]);
  });

  it('creates one of two recipes saved with the same name at the same moment', async () => {
    const replies = await Promise.all([
      admin.post('/api/recipes', body('Coconut Bread')),
      admin.post('/api/recipes', body('coconut bread')),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(
      (await listNames()).filter((name) => name.toLowerCase() === 'coconut bread'),
    ).toHaveLength(1);
  });
});
