import type { FastifyInstance } from 'fastify';
import { receiptsApi as api } from '../../../domain/contracts/receipts';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import { paymentReceipt } from './service';

export function receiptRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  serve(app, api.get, async ({ params }) => paymentReceipt(db, params.id, timeZone));
}
