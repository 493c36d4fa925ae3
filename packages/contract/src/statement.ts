import { z } from 'zod';

/**
 * The yearly dependent-care statement (GET /transaction/statement): a PDF per family and
 * calendar year, for dependent-care accounts (FSA) and the child-care tax credit.
 */
export const STATEMENT_MESSAGES = {
  yearFormat: 'Choose a year as four digits, such as 2026',
  yearOutOfRange: (first: number, last: number) =>
    first === last ? `A statement is available for ${last} only` : `Choose a year from ${first} to ${last}`,
} as const;

/** The file name the browser saves: kikstart-statement-2026.pdf. */
export const statementFileName = (year: number) => `kikstart-statement-${year}.pdf`;

export const statementQuery = z.strictObject({
  year: z
    .string({ error: STATEMENT_MESSAGES.yearFormat })
    .regex(/^\d{4}$/, STATEMENT_MESSAGES.yearFormat)
    .transform(Number),
});

/** GET /transaction/statement/years: the years with paid care, newest first, for the year select. */
export const statementYearsSchema = z.object({ years: z.array(z.number().int()) });
export type StatementYears = z.infer<typeof statementYearsSchema>;
