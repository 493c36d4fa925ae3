import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementFileName, statementQuery, statementYearsSchema } from '@kikstart/contract/statement';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { familyOf } from '../children/children.service.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import { buildStatement, statementYears } from './statement.service.ts';

/**
 * The yearly dependent-care statement: the care a family paid for in a calendar year, with the
 * provider's name, address and EIN, as a PDF for FSA claims and the child-care tax credit.
 * Always the caller's own family.
 */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  const onRequest = requireUser('parent');

  app.get(
    '/transaction/statement/years',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The years with paid care, newest first: the choices for the yearly statement',
        response: okResponse(statementYearsSchema),
      },
    },
    async (request) =>
      ok(await statementYears({ db: app.db, familyId: familyOf(currentUser(request)), now: app.clock.now() })),
  );

  app.get(
    '/transaction/statement',
    {
      onRequest,
      schema: {
        tags,
        summary: "The family's yearly dependent-care statement (PDF)",
        description:
          'Answers application/pdf as an attachment: each child’s paid care in the calendar year (program, session dates, amounts net of refunds, payment dates), membership charges with the children they covered, totals, and the provider’s name, address and EIN. A year from the family’s first year to this year; a year without paid care gives a statement that says so.',
        querystring: statementQuery,
      },
    },
    async (request, reply) => {
      const statement = await buildStatement({
        db: app.db,
        familyId: familyOf(currentUser(request)),
        year: request.query.year,
        now: app.clock.now(),
        provider: app.config.provider,
      });
      const pdf = await renderStatementPdf(statement);
      // Personal financial data: never kept by a browser or a shared cache.
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${statementFileName(statement.year)}"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
};
