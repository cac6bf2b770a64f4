import type { FastifyInstance } from 'fastify';
import { distributorsApi as api } from '../../../domain/contracts/distributors';
import { businessDate } from '../../../domain/time';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import { sendCsv } from '../../csv-export';
import type { Database } from '../../db/connection';
import { acceptedRecordedAt } from '../../recorded-at';
import * as distributors from './service';
import { distributorStatement, statementCsv } from './statement';

export function distributorRoutes(
  app: FastifyInstance,
  { db, timeZone, now }: { db: Database; timeZone: string; now: () => number },
) {
  const today = () => businessDate(new Date(now()), timeZone);
  serve(app, api.list, async ({ query }) =>
    distributors.listDistributors(db, query.includeArchived, today()),
  );
  serve(app, api.options, async () => distributors.distributorOptions(db));
  serve(app, api.get, async ({ params }) => distributors.getDistributor(db, params.id, today()));
  serve(app, api.create, async ({ body }) => distributors.createDistributor(db, body, today()));
  serve(app, api.update, async ({ params, body }) =>
    distributors.updateDistributor(db, params.id, body, today()),
  );
  serve(app, api.remove, async ({ params }) => distributors.deleteDistributor(db, params.id));
  serve(app, api.unarchive, async ({ params }) => distributors.unarchiveDistributor(db, params.id));
  serve(app, api.returnable, async ({ params }) => distributors.returnableBreads(db, params.id));

  // A statement ends at the real today, as its lines carry the database's clock.
  serve(app, api.statement, async ({ params, query }) =>
    distributorStatement(db, params.id, query, timeZone),
  );
  serve(app, api.statementCsv, async ({ params, query }, reply) => {
    const csv = await statementCsv(db, params.id, query, timeZone);
    return sendCsv(reply, csv.fileName, csv.rows);
  });

  serve(app, api.payments, async ({ query }) => distributors.listPayments(db, query));
  serve(app, api.pay, async (request) => {
    const recordedAt = acceptedRecordedAt(request.body.recordedAt, now());
    return distributors.createPayment(
      db,
      { ...request.body, recordedAt },
      signedInUser(request).id,
    );
  });
  serve(app, api.returns, async ({ query }) => distributors.listReturns(db, query));
  serve(app, api.giveBack, async ({ body }) => {
    const recordedAt = acceptedRecordedAt(body.recordedAt, now());
    return distributors.createReturn(db, { ...body, recordedAt });
  });
}
