import type { FastifyInstance } from 'fastify';
import { creditApi as api } from '../../../domain/contracts/credit';
import { businessDate } from '../../../domain/time';
import { serve } from '../../contract-route';
import { sendCsv } from '../../csv-export';
import type { Database } from '../../db/connection';
import { updateDistributor } from '../distributors/service';
import { ageingCsvRows, ageingReport, creditPositionOf } from './service';

export function creditRoutes(
  app: FastifyInstance,
  { db, timeZone, now }: { db: Database; timeZone: string; now: () => number },
) {
  const today = () => businessDate(new Date(now()), timeZone);
  serve(app, api.terms, async ({ params, body }) =>
    updateDistributor(db, params.id, body, today()),
  );
  serve(app, api.position, async ({ params }) => creditPositionOf(db, params.id));
  serve(app, api.ageing, async ({ query }) => ageingReport(db, query.asOf ?? today(), today()));
  serve(app, api.ageingCsv, async ({ query }, reply) => {
    const report = await ageingReport(db, query.asOf ?? today(), today());
    async function* pages() {
      yield ageingCsvRows(report);
    }
    return sendCsv(reply, `receivables-ageing-${report.asOf}.csv`, pages());
  });
}
