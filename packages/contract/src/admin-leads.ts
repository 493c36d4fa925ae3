import { z } from 'zod';
import { adminListQuerySchema, adminPageSchema } from './admin-lists.ts';
import { MAX_LONG_TEXT, requiredText, uuidParam } from './common.ts';
import { LEAD_KINDS, LEAD_STATUSES } from './lead-status.ts';

export { LEAD_KINDS, LEAD_STATUSES, LEAD_KIND_LABELS, LEAD_STATUS_LABELS } from './lead-status.ts';
export type { LeadKind, LeadStatus } from './lead-status.ts';

/** The owner filter's value for leads nobody owns yet. */
export const UNASSIGNED = 'unassigned';

export const ADMIN_LEAD_MESSAGES = {
  kind: `Kind must be one of: ${LEAD_KINDS.join(', ')}`,
  status: `Status must be one of: ${LEAD_STATUSES.join(', ')}`,
  owner: 'Owner must be a staff id or "unassigned"',
  ownerNotAdmin: 'The owner must be an admin',
  nothingToChange: 'Send a status or an owner to change',
  note: 'Write a note',
  decision: 'Decision must be hired or rejected',
  declineReason: 'Give a reason for declining; it is sent to the requester',
  notFound: 'This lead does not exist',
  noCv: 'This application has no CV on file',
  alreadyDecided: 'This request was already decided',
  subscriberStatus: 'Status must be one of: pending, confirmed, unsubscribed',
} as const;

export const ADMIN_LEAD_SUCCESS = {
  updated: 'Lead updated',
  noteAdded: 'Note added',
  hired: 'Marked as hired',
  rejected: 'Marked as rejected',
  approved: 'Coach access granted',
  declined: 'Request declined',
} as const;

const kindField = z.enum(LEAD_KINDS, { error: ADMIN_LEAD_MESSAGES.kind });
const statusField = z.enum(LEAD_STATUSES, { error: ADMIN_LEAD_MESSAGES.status });

export const LEAD_SORTS = ['createdAt', 'name', 'kind', 'status'] as const;

/** The inbox's filters; the CSV export takes the same ones. */
export const adminLeadsQuerySchema = adminListQuerySchema(LEAD_SORTS).extend({
  kind: kindField.optional(),
  status: statusField.optional(),
  owner: z.union([z.literal(UNASSIGNED), uuidParam], { error: ADMIN_LEAD_MESSAGES.owner }).optional(),
});
export type AdminLeadsQuery = z.output<typeof adminLeadsQuerySchema>;

export const leadParamsSchema = z.object({ kind: kindField, id: uuidParam });
export const leadIdParamsSchema = z.object({ id: uuidParam });

/** One row of the inbox, whatever the kind: who, from where, about what, and where staff are with it. */
export const adminLeadSchema = z.object({
  kind: z.enum(LEAD_KINDS),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The school, when the lead names one. */
  organization: z.string().nullable(),
  /** One line of what they asked for. */
  summary: z.string(),
  status: z.enum(LEAD_STATUSES),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminLead = z.infer<typeof adminLeadSchema>;
export const adminLeadPageSchema = adminPageSchema(adminLeadSchema);

export const leadNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

export const adminLeadDetailSchema = adminLeadSchema.extend({
  /** Everything the visitor sent, labeled, in the form's order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  notes: z.array(leadNoteSchema),
  coachApplication: z
    .object({
      cvFileName: z.string().nullable(),
      cvDeletedAt: z.string().nullable(),
      hiredAt: z.string().nullable(),
      rejectedAt: z.string().nullable(),
    })
    .nullable(),
  coachRequest: z
    .object({
      userId: z.string(),
      decision: z.enum(['pending', 'approved', 'declined']),
      declineReason: z.string().nullable(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
});
export type AdminLeadDetail = z.infer<typeof adminLeadDetailSchema>;

export const updateLeadSchema = z
  .object({
    status: statusField.optional(),
    ownerId: z.union([uuidParam, z.null()], { error: ADMIN_LEAD_MESSAGES.owner }).optional(),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.ownerId !== undefined, ADMIN_LEAD_MESSAGES.nothingToChange);

export const leadNoteBodySchema = z.object({ body: requiredText(ADMIN_LEAD_MESSAGES.note, MAX_LONG_TEXT) });

export const coachApplicationDecisionSchema = z.object({
  decision: z.enum(['hired', 'rejected'], { error: ADMIN_LEAD_MESSAGES.decision }),
});

export const DECLINE_REASON_MAX = 1000;
export const declineCoachRequestSchema = z.object({
  reason: requiredText(ADMIN_LEAD_MESSAGES.declineReason, DECLINE_REASON_MAX),
});

/** Staff who can own a lead (admins). */
export const leadOwnerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const leadOwnersSchema = z.array(leadOwnerSchema);
export type LeadOwner = z.infer<typeof leadOwnerSchema>;

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const NEWSLETTER_STATUS_LABELS = {
  pending: 'Unconfirmed',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
} as const satisfies Record<(typeof NEWSLETTER_STATUSES)[number], string>;

export const NEWSLETTER_SORTS = ['createdAt', 'email'] as const;
export const adminSubscribersQuerySchema = adminListQuerySchema(NEWSLETTER_SORTS).extend({
  status: z.enum(NEWSLETTER_STATUSES, { error: ADMIN_LEAD_MESSAGES.subscriberStatus }).optional(),
});
export type AdminSubscribersQuery = z.output<typeof adminSubscribersQuerySchema>;

export const adminSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;
export const adminSubscriberPageSchema = adminPageSchema(adminSubscriberSchema);

/** A spreadsheet opens a cell starting with one of these as a formula; exports prefix it with '. */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;
