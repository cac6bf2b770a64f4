import fc from 'fast-check';
import type { ZodType } from 'zod';
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  rolePermissionsSchema,
  roleSchema,
  roleUpdateSchema,
} from '../../../src/domain/admin-schemas';
import { loginSchema, registerSchema } from '../../../src/domain/auth-schemas';
import { planBatchesSchema, planWriteSchema } from '../../../src/domain/contracts/bake-plan';
import { rejectTransferSchema } from '../../../src/domain/contracts/pending-transfers';
import { reminderInputSchema } from '../../../src/domain/contracts/reminders';
import { creditTermsSchema, MAX_PAYMENT_TERMS_DAYS } from '../../../src/domain/credit';
import { dispatchSchema } from '../../../src/domain/dispatch';
import {
  breadReturnSchema,
  distributorSchema,
  distributorUpdateSchema,
  paymentSchema,
} from '../../../src/domain/distributor-schemas';
import {
  inventoryItemSchema,
  inventoryItemUpdateSchema,
} from '../../../src/domain/inventory-schemas';
import { notificationReadSchema } from '../../../src/domain/notifications';
import {
  dayOrderSchema,
  pauseSchema,
  standingOrderSchema,
} from '../../../src/domain/order-schemas';
import { priceChangeSchema } from '../../../src/domain/prices';
import { batchSchema, batchUpdateSchema } from '../../../src/domain/production-schemas';
import { purchaseOrderSchema } from '../../../src/domain/purchase-order-schemas';
import { recipeSchema, recipeUpdateSchema } from '../../../src/domain/recipe-schemas';
import { saleSchema } from '../../../src/domain/sales-schemas';
import { appSettingsSchema } from '../../../src/domain/settings-schemas';
import { settlementSchema } from '../../../src/domain/settlement';
import { MAX_LINK_DAYS, statementLinkInputSchema } from '../../../src/domain/statement-links';
import { writeOffSchema } from '../../../src/domain/waste';
import { FUTURE_DAY, type Seed } from './seed';

export interface RouteFuzz {
  /** The route's body schema; checked against the one the router validates with. */
  body?: ZodType;
  /** Valid bodies, numbers drawn from the schema's limits. */
  valid?: (seed: Seed) => fc.Arbitrary<Record<string, unknown>>;
  /** A real record for `:id`. */
  id?: (seed: Seed) => string;
  /** Sent without the admin's session (sign-in, registration, sign-out). */
  signedOut?: boolean;
}

const text = (...values: string[]) => fc.constantFrom(...values);
const money = fc.constantFrom(0, 0.01, 1, 499.99, 1_000_000_000);
const counter = () => {
  let n = 0;
  return fc.constant(null).map(() => ++n);
};

/** Every write route, with what the fuzzer needs to build its bodies and ids. */
export const WRITE_ROUTES: Record<string, RouteFuzz> = {
  'POST /api/auth/register': {
    body: registerSchema,
    signedOut: true,
    valid: () =>
      counter().map((n) => ({
        firstName: 'Fuzz',
        lastName: `Baker ${n}`,
        email: `fuzz${n}@bakery.ng`,
        username: `fuzz_${n}`,
        password: 'correct-horse-9',
      })),
  },
  'POST /api/auth/login': {
    body: loginSchema,
    signedOut: true,
    valid: (s) => fc.record({ username: text(s.adminUsername, 'nobody'), password: text('wrong') }),
  },
  'POST /api/auth/logout': { signedOut: true },

  'POST /api/admin/users': {
    body: adminUserCreateSchema,
    valid: (s) =>
      counter().map((n) => ({
        username: `fuzz_user_${n}`,
        email: `user${n}@bakery.ng`,
        password: 'secret-123',
        firstName: 'Ngozi',
        lastName: 'Okafor',
        isAdmin: false,
        isActive: true,
        roleId: s.roleId,
      })),
  },
  'PUT /api/admin/settings': {
    body: appSettingsSchema,
    // The letterhead's fields may be left out (the switch saves alone).
    valid: () =>
      fc.record(
        {
          allowSelfRegistration: fc.boolean(),
          bakeryName: fc.constantFrom('Golden Crust Bakery Ltd', 'Mama Put Breads'),
          bakeryAddress: fc.constant('14 Oba Akran Avenue, Ikeja'),
          bakeryPhone: fc.constantFrom('0803 555 0142', '+234 (803) 555-0142'),
        },
        { requiredKeys: ['allowSelfRegistration'] },
      ),
  },
  'POST /api/notifications/read': {
    body: notificationReadSchema,
    // Keys of notifications that do not hold are taken and ignored; only what holds is marked.
    valid: (s) =>
      fc.oneof(
        fc.constant({ all: true }),
        fc.record({ keys: fc.constant([`low_stock:${s.flourId}:never`, 'order_overdue:x:y']) }),
      ),
  },
  'PATCH /api/admin/users/:id': {
    body: adminUserUpdateSchema,
    id: (s) => s.userId,
    valid: (s) =>
      fc.record({
        username: text('fuzz_target'),
        email: text('target@bakery.ng'),
        password: text('secret-456'),
        firstName: text('Tunde'),
        lastName: text('Bakare'),
        isAdmin: fc.constant(false),
        isActive: fc.boolean(),
        roleId: fc.constantFrom(s.roleId, null, ''),
      }),
  },
  'DELETE /api/admin/users/:id': { id: (s) => s.userId },
  'POST /api/admin/roles': {
    body: roleSchema,
    valid: () =>
      counter().map((n) => ({
        name: `Fuzz role ${n}`,
        description: 'Made by the fuzzer',
        isActive: true,
      })),
  },
  'PATCH /api/admin/roles/:id': {
    body: roleUpdateSchema,
    id: (s) => s.roleId,
    valid: () =>
      fc.record({
        name: text('Target role'),
        description: text('Changed'),
        isActive: fc.boolean(),
      }),
  },
  'DELETE /api/admin/roles/:id': { id: (s) => s.roleId },
  'PUT /api/admin/roles/:id/permissions': {
    body: rolePermissionsSchema,
    id: (s) => s.roleId,
    valid: () =>
      fc.record({
        permissions: fc.constant([
          { module: 'inventory', canRead: true, canWrite: false, canDelete: false },
          { module: 'sales', canRead: true, canWrite: true, canDelete: false },
        ]),
      }),
  },

  'POST /api/inventory': {
    body: inventoryItemSchema,
    valid: () =>
      fc.record({
        name: text('Sugar', 'Salt'),
        category: text('ingredients', 'packaging'),
        currentStock: fc.constantFrom(0, 0.001, 1_000_000_000),
        unit: text('kg', 'g', '%'),
        minStock: fc.constantFrom(0, 1_000_000_000),
        unitCost: fc.constantFrom(0, 0.0001, 1_000_000_000),
        supplier: fc.constantFrom('Dangote', null),
      }),
  },
  'PATCH /api/inventory/:id': {
    body: inventoryItemUpdateSchema,
    id: (s) => s.itemId,
    valid: () =>
      fc.record({
        name: text('Margarine'),
        category: text('ingredients'),
        currentStock: fc.constantFrom(0, 12.5, 1_000_000_000),
        unit: text('kg'),
        minStock: fc.constantFrom(0, 1_000_000_000),
        unitCost: fc.constantFrom(0, 1_000_000_000),
        supplier: fc.constantFrom('Mills', null),
      }),
  },
  'DELETE /api/inventory/:id': { id: (s) => s.itemId },
  'POST /api/inventory/:id/unarchive': { id: (s) => s.itemId },

  'POST /api/purchase-orders': {
    body: purchaseOrderSchema,
    valid: (s) =>
      fc
        .record({
          orderNumber: counter().map((n) => `FZ-${n}`),
          supplier: text('Honeywell Mills'),
          status: text('pending', 'shipped', 'delivered', 'cancelled'),
          quantity: fc.constantFrom(0.001, 1, 1_000_000_000),
          totalCost: fc.constantFrom(0.01, 5000, 1_000_000_000_000),
          lines: fc.integer({ min: 1, max: 3 }),
          expectedDelivery: fc.constantFrom('2099-12-31', null, ''),
        })
        .map(({ quantity, totalCost, lines, ...order }) => ({
          ...order,
          items: Array.from({ length: lines }, () => ({
            itemId: s.flourId,
            quantity,
            totalCost,
            unitCost: 1,
          })),
          totalAmount: Math.round(totalCost * lines * 100) / 100,
          notes: 'Fuzz order',
        })),
  },
  'PATCH /api/purchase-orders/:id/receive': { id: (s) => s.orderId },
  'PATCH /api/purchase-orders/:id/ship': { id: (s) => s.orderId },
  'PATCH /api/purchase-orders/:id/cancel': { id: (s) => s.orderId },

  'POST /api/recipes': {
    body: recipeSchema,
    valid: (s) =>
      fc.record({
        name: counter().map((n) => `Fuzz loaf ${n}`),
        description: text('Soft', ''),
        baseFlourKg: fc.constantFrom(0.001, 1, 10_000),
        ingredients: fc.constantFrom(0.001, 1, 1_000_000).map((quantity) => [
          { itemId: s.flourId, quantity, unit: 'kg' },
          { itemId: s.yeastId, quantity, unit: 'g' },
        ]),
        instructions: text('Knead'),
        estimatedDuration: fc.constantFrom(1, 10_080, null),
      }),
  },
  'PATCH /api/recipes/:id': {
    body: recipeUpdateSchema,
    id: (s) => s.recipeId,
    valid: (s) =>
      fc.record({
        name: text('Agege Bread'),
        description: text('Soft'),
        baseFlourKg: fc.constantFrom(0.001, 1, 10_000),
        ingredients: fc
          .constantFrom(0.001, 1, 1_000_000)
          .map((quantity) => [{ itemId: s.flourId, quantity, unit: 'kg' }]),
        instructions: text('Knead'),
        estimatedDuration: fc.constantFrom(1, 10_080, null),
      }),
  },
  'DELETE /api/recipes/:id': { id: (s) => s.recipeId },
  'POST /api/recipes/:id/restore': { id: (s) => s.recipeId },

  'POST /api/production-batches': {
    body: batchSchema,
    valid: (s) =>
      fc.record({
        batchNumber: counter().map((n) => `FZB-${n}`),
        recipeId: fc.constantFrom(s.recipeId, s.giantRecipeId),
        recipeName: text('Whatever'),
        flourKg: fc.constantFrom(0.001, 1, 100_000),
        doughSizeGrams: fc.constantFrom(0, 100_000, null),
        status: text('planned', 'in_progress'),
        notes: text('Fuzz batch'),
      }),
  },
  'PATCH /api/production-batches/:id': {
    body: batchUpdateSchema,
    id: (s) => s.plannedBatchId,
    valid: () =>
      fc.oneof(
        fc.record({ status: fc.constant('in_progress'), startedAt: text('2026-01-01') }),
        fc.record({
          status: fc.constant('completed'),
          completedAt: text('2026-01-02T10:00:00+01:00'),
          loavesProduced: fc.constantFrom(1, 1_000_000),
        }),
        fc.record({ status: fc.constant('cancelled') }),
      ),
  },

  'POST /api/sales-transactions': {
    body: saleSchema,
    valid: (s) =>
      fc.record({
        distributorId: fc.constant(s.distributorId),
        recipeName: fc.constant(s.recipeName),
        loavesTaken: fc.constantFrom(1, 1_000_000),
        pricePerLoaf: money,
        amountPaid: money,
        notes: text('Fuzz sale'),
      }),
  },

  'POST /api/distributors': {
    body: distributorSchema,
    valid: () =>
      fc.record({
        name: text('Iya Basira'),
        address: text('4 Market Road, Oshodi'),
        phone: text('+234 (803) 123-4567', '0803 123 4567'),
      }),
  },
  'PATCH /api/distributors/:id': {
    body: distributorUpdateSchema,
    id: (s) => s.distributorId,
    valid: () =>
      fc.record({
        name: text('Mama Put'),
        address: text('1 Market Road'),
        phone: text('0803 123 4567'),
      }),
  },
  'DELETE /api/distributors/:id': { id: (s) => s.distributorId },
  'PATCH /api/distributors/:id/unarchive': { id: (s) => s.distributorId },
  'PATCH /api/distributors/:id/credit': {
    body: creditTermsSchema,
    id: (s) => s.distributorId,
    valid: () =>
      fc.record({
        creditLimit: fc.option(fc.integer({ min: 0, max: 10_000_000 }).map((kobo) => kobo / 100)),
        paymentTermsDays: fc.option(fc.integer({ min: 0, max: MAX_PAYMENT_TERMS_DAYS })),
      }),
  },
  'POST /api/distributors/:id/statement-links': {
    body: statementLinkInputSchema,
    id: (s) => s.distributorId,
    valid: () => fc.record({ expiresInDays: fc.integer({ min: 1, max: MAX_LINK_DAYS }) }),
  },
  'POST /api/statement-links/:id/revoke': { id: (s) => s.statementLinkId },
  'POST /api/distributors/:id/reminders': {
    body: reminderInputSchema,
    id: (s) => s.distributorId,
    valid: () =>
      fc.record({
        kind: text('statement', 'reminder'),
        channel: text('whatsapp', 'sms'),
        link: text('https://bakery.example/s/abcdefghijklmnopqrstuvwxyz'),
      }),
  },
  'POST /api/distributor-payments': {
    body: paymentSchema,
    valid: (s) =>
      fc.record({
        distributorId: fc.constant(s.distributorId),
        amount: fc.constantFrom(0.01, 1_000_000_000),
        paymentMethod: text('cash', 'check'),
        description: text('Fuzz payment'),
      }),
  },
  'POST /api/bread-returns': {
    body: breadReturnSchema,
    valid: (s) =>
      fc.record({
        distributorId: fc.constant(s.distributorId),
        recipeName: fc.constant(s.recipeName),
        loavesReturned: fc.constantFrom(1, 1_000_000),
        pricePerLoaf: money,
        reason: text('spoiled', 'other'),
        notes: text('Fuzz return'),
      }),
  },

  'POST /api/pending-transfers/:id/confirm': { id: (s) => s.pendingTransferId },
  'POST /api/pending-transfers/:id/reject': {
    body: rejectTransferSchema,
    id: (s) => s.pendingTransferId,
    valid: () => fc.record({ reason: text('Fuzz: no alert', 'x'.repeat(500)) }),
  },

  'POST /api/bread-prices': {
    body: priceChangeSchema,
    valid: (s) =>
      fc.record({
        recipeName: fc.constant(s.recipeName),
        distributorId: fc.constantFrom(s.distributorId, null),
        pricePerLoaf: money,
        effectiveFrom: text(FUTURE_DAY),
      }),
  },
  'PUT /api/orders/standing/:id': {
    body: standingOrderSchema,
    id: (s) => s.distributorId,
    valid: (s) =>
      fc.record({
        breads: fc.constant([{ recipeName: s.recipeName, days: [0, 1, 100_000, 40, 40, 40, 0] }]),
      }),
  },
  'POST /api/orders/pauses': {
    body: pauseSchema,
    valid: (s) =>
      fc.record({
        distributorId: fc.constant(s.distributorId),
        fromDay: text(FUTURE_DAY),
        toDay: text(FUTURE_DAY, '2099-12-31'),
        reason: text('Fuzz holiday'),
      }),
  },
  'DELETE /api/orders/pauses/:id': { id: (s) => s.pauseId },
  'PUT /api/orders/book/:id': {
    body: dayOrderSchema,
    id: (s) => s.distributorId,
    valid: (s) =>
      fc.record({
        day: text(FUTURE_DAY),
        breads: fc.constant([{ recipeName: s.recipeName, loaves: 100_000 }]),
      }),
  },
  'POST /api/dispatch/:id': {
    body: dispatchSchema,
    id: (s) => s.distributorId,
    valid: (s) =>
      fc.record({
        day: text(FUTURE_DAY),
        lines: fc.constant([{ recipeName: s.recipeName, loaves: 100_000 }]),
      }),
  },
  'POST /api/settlements/:id': {
    body: settlementSchema,
    id: (s) => s.distributorId,
    valid: (s) =>
      fc.record({
        day: text(FUTURE_DAY),
        returns: fc.constant([{ recipeName: s.recipeName, loaves: 100_000, reason: 'spoiled' }]),
        collected: fc.constant(0),
      }),
  },
  'POST /api/waste': {
    body: writeOffSchema,
    valid: (s) =>
      fc.record({
        source: fc.constant('fresh'),
        recipeName: fc.constant(s.recipeName),
        // One loaf each: the extreme sale after the attack still needs the seed's loaves.
        loaves: fc.constant(1),
        reason: fc.constant('damaged'),
      }),
  },
  'POST /api/bake-plan/batches': {
    body: planBatchesSchema,
    valid: (s) =>
      fc.record({
        day: text(FUTURE_DAY),
        adjustments: fc.constant({ [s.recipeName]: 100_000 }),
        again: fc.boolean(),
      }),
  },
  'POST /api/bake-plan/purchase-orders': {
    body: planWriteSchema,
    valid: (s) =>
      fc.record({
        day: text(FUTURE_DAY),
        adjustments: fc.constant({ [s.recipeName]: -100_000 }),
      }),
  },
};

/** Ids that are not ids: as they appear in the URL (already encoded where they need to be). */
