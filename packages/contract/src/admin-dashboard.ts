import { z } from 'zod';
import { ENROLLMENT_STATUSES } from './enrollment-status.ts';

/**
 * The console home's numbers for a date range. Days are calendar days where the programs run
 * (PROGRAM_TIME_ZONE), both ends included, so "today" on the dashboard is the operator's today.
 */
export const DASHBOARD_MAX_DAYS = 731;
/** Revenue is shown per day up to this many days, per week (Monday first) beyond. */
export const DASHBOARD_DAILY_MAX_DAYS = 62;

export const DASHBOARD_MESSAGES = {
  dayFormat: 'Must be a date (YYYY-MM-DD)',
  fromRequired: 'Choose the first day',
  toRequired: 'Choose the last day',
  order: 'The first day must not be after the last day',
  tooLong: 'Choose a range of at most 2 years',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused, not rolled over). */
export const isoDayField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine((s) => DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s, {
      message: DASHBOARD_MESSAGES.dayFormat,
      abort: true,
    });

/** Whole days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** A from–to range of days, at most `maxDays` long when given; shared by the dashboard and the audit log's filter. */
export const dayRangeRefinement =
  (maxDays?: number) => (range: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
    if (!range.from || !range.to) return;
    if (range.from > range.to) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.order });
    else if (maxDays && daysInRange(range.from, range.to) > maxDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.tooLong });
  };

export const dashboardQuerySchema = z
  .object({ from: isoDayField(DASHBOARD_MESSAGES.fromRequired), to: isoDayField(DASHBOARD_MESSAGES.toRequired) })
  .superRefine(dayRangeRefinement(DASHBOARD_MAX_DAYS));
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Every kind of lead the public site takes in, in the order the dashboard lists them. */
export const DASHBOARD_LEAD_KINDS = [
  'demo_request',
  'call_booking',
  'enquiry',
  'contact',
  'school_request',
  'coach_application',
  'coach_access',
  'newsletter',
] as const;
export type DashboardLeadKind = (typeof DASHBOARD_LEAD_KINDS)[number];
export const DASHBOARD_LEAD_LABELS: Record<DashboardLeadKind, string> = {
  demo_request: 'Demo requests',
  call_booking: 'Call bookings',
  enquiry: 'Enquiries',
  contact: 'Contact messages',
  school_request: 'School requests',
  coach_application: 'Coach applications',
  coach_access: 'Coach-access requests',
  newsletter: 'Newsletter sign-ups',
};

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Enrollments created in the range, one entry per status (zero counts included). */
  enrollments: z.object({
    total: z.number().int(),
    byStatus: z.array(z.object({ status: z.enum(ENROLLMENT_STATUSES), count: z.number().int() })),
  }),
  /** Money in (succeeded payments) minus money out (succeeded refunds), by when it settled, per currency. */
  revenue: z.object({
    bucket: z.enum(['day', 'week']),
    currencies: z.array(
      z.object({
        currency: z.string(),
        paymentsCents: z.number().int(),
        refundsCents: z.number().int(),
        netCents: z.number().int(),
        /** Every day (or week start) of the range, empty ones included, so the chart keeps its time axis. */
        series: z.array(z.object({ start: z.string(), netCents: z.number().int() })),
      }),
    ),
  }),
  /** Programs that have not ended, as they stand now (the range does not apply). */
  programs: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      published: z.boolean(),
      capacity: z.number().int(),
      seatsTaken: z.number().int(),
      waitlist: z.number().int(),
    }),
  ),
  /** New leads in the range, one entry per kind (zero counts included). */
  leads: z.object({
    total: z.number().int(),
    byKind: z.array(z.object({ kind: z.enum(DASHBOARD_LEAD_KINDS), count: z.number().int() })),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
