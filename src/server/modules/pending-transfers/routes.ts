import type { FastifyInstance } from 'fastify';
import { pendingTransfersApi as api } from '../../../domain/contracts/pending-transfers';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import * as transfers from './service';

export function pendingTransferRoutes(app: FastifyInstance, { db }: { db: Database }) {
  serve(app, api.list, async ({ query }) => transfers.listTransfers(db, query));
  serve(app, api.summary, async () => transfers.transferSummary(db));
  serve(app, api.confirm, async (request) =>
    transfers.confirmTransfer(db, request.params.id, signedInUser(request).id),
  );
  serve(app, api.reject, async (request) =>
    transfers.rejectTransfer(db, request.params.id, request.body.reason, signedInUser(request).id),
  );
}
