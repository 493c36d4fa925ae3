import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '@kikstart/db';
import { callBookings, demoRequests, enquiries, offers, schoolRequests } from '@kikstart/db';
import {
  DEMO_MESSAGES,
  type LeadReceipt,
  type callBookingSchema,
  type demoRequestSchema,
  type enquirySchema,
  type schoolRequestSchema,
} from '@kikstart/contract/leads';
import { AppError } from '../../lib/errors.ts';
import { leadColumns, oneLine, queueLeadMails, type Acknowledgement, type StaffNotice } from './lead-mail.ts';
import { formatPhoneAsTyped } from '@kikstart/contract/phone';

/** Who gets staff notifications and where the request came from. */
export interface LeadContext {
  db: Db;
  staffEmail: string;
  ip: string;
}

type DemoRequest = z.output<ReturnType<typeof demoRequestSchema>>;
type CallBooking = z.output<typeof callBookingSchema>;
type Enquiry = z.output<typeof enquirySchema>;
type SchoolRequest = z.output<typeof schoolRequestSchema>;

type LeadTable = typeof demoRequests | typeof callBookings | typeof enquiries | typeof schoolRequests;

/** One form's row (without the client address, which storeLead adds) and the mails it sends. */
interface Lead<T extends LeadTable> {
  values: Omit<T['$inferInsert'], 'ip'>;
  staff: StaffNotice;
  ack?: Acknowledgement;
}

/**
 * The flow every public form shares: the row is stored and its mails queued in one transaction,
 * so a lead is never kept without staff hearing of it, nor announced without being kept.
 */
async function storeLead<T extends LeadTable>(
  ctx: LeadContext,
  table: T,
  lead: (tx: Db) => Lead<T> | Promise<Lead<T>>,
): Promise<LeadReceipt> {
  return ctx.db.transaction(async (tx) => {
    const { values, staff, ack } = await lead(tx);
    // The four tables share no insert type drizzle can name; `Lead<T>` keeps each call site typed.
    const [row] = await tx
      .insert(table as PgTable)
      .values({ ...values, ip: ctx.ip } as PgTable['$inferInsert'])
      .returning({ id: table.id });
    await queueLeadMails({ db: tx, staffEmail: ctx.staffEmail, staff, ack });
    return { id: row!.id };
  });
}

/**
 * A published school offer that has not expired (the same rule as the offer list), or a 400 on
 * offerId. Family offers lead to the programs, so a demo request cannot carry one.
 */
async function liveOffer(db: Db, offerId: string) {
  const [offer] = await db
    .select({ id: offers.id, title: offers.title })
    .from(offers)
    .where(
      and(
        eq(offers.id, offerId),
        eq(offers.published, true),
        eq(offers.action, 'request_demo'),
        or(isNull(offers.validUntil), gte(offers.validUntil, sql`current_date`)),
      ),
    );
  if (!offer)
    throw new AppError('BAD_REQUEST', DEMO_MESSAGES.offerUnavailable, { offerId: DEMO_MESSAGES.offerUnavailable });
  return offer;
}

export async function createDemoRequest(ctx: LeadContext, input: DemoRequest): Promise<LeadReceipt> {
  return storeLead(ctx, demoRequests, async (tx) => {
    // Checked inside the transaction so the row and its foreign key agree.
    const offer = input.offerId ? await liveOffer(tx, input.offerId) : null;
    return {
      values: { ...leadColumns(input), offerId: offer?.id ?? null },
      staff: {
        template: 'demo-request-staff',
        subject: `New demo request: ${oneLine(input.schoolName)}`,
        intro: 'A free demo was requested on the website.',
        fields: {
          Name: input.fullName,
          Phone: formatPhoneAsTyped(input.phone),
          School: input.schoolName,
          'School address': input.schoolAddress,
          'Preferred date': input.date,
          'Preferred time': input.time,
          Offer: offer?.title,
        },
      },
    };
  });
}

export async function createCallBooking(ctx: LeadContext, input: CallBooking): Promise<LeadReceipt> {
  return storeLead(ctx, callBookings, () => ({
    values: leadColumns(input),
    staff: {
      template: 'call-booking-staff',
      subject: `Call booked: ${oneLine(input.fullName)} at ${input.bestTimeToCall}`,
      intro: 'A call was booked on the website.',
      fields: {
        Name: input.fullName,
        Phone: formatPhoneAsTyped(input.phone),
        School: input.schoolName,
        'Best time to call': input.bestTimeToCall,
        Notes: input.notes,
      },
    },
  }));
}

const ENQUIRY_LABEL = { enquiry: 'enquiry', contact: 'contact form message' } as const;

/** The enquiry and the contact form differ only in `kind`, which staff see. */
export async function createEnquiry(
  ctx: LeadContext,
  kind: 'enquiry' | 'contact',
  input: Enquiry,
): Promise<LeadReceipt> {
  return storeLead(ctx, enquiries, () => ({
    values: { ...leadColumns(input), kind, phone: input.phone ?? null },
    staff: {
      template: `${kind}-staff`,
      subject: `New ${ENQUIRY_LABEL[kind]}: ${oneLine(input.subject)}`,
      intro: `A new ${ENQUIRY_LABEL[kind]} arrived on the website. Reply to the sender's email address.`,
      fields: {
        Name: input.name,
        Email: input.email,
        Phone: input.phone ? formatPhoneAsTyped(input.phone) : undefined,
        Subject: input.subject,
        Message: input.message,
      },
    },
    ack: {
      to: input.email,
      template: `${kind}-ack`,
      subject: 'We received your message',
      name: input.name,
      paragraphs: [
        'Thank you for getting in touch with KikStart. Your message has reached our team and we will reply to this address within 1-2 business days.',
        'If you did not contact us, you can ignore this email.',
      ],
    },
  }));
}

export async function createSchoolRequest(ctx: LeadContext, input: SchoolRequest): Promise<LeadReceipt> {
  return storeLead(ctx, schoolRequests, () => ({
    values: leadColumns(input),
    staff: {
      template: 'school-request-staff',
      subject: `Bring KikStart to a school: ${oneLine(input.schoolName)}`,
      intro: 'A school asked to bring the programs to them.',
      fields: {
        School: input.schoolName,
        'Contact person': input.contactName,
        Email: input.email,
        Phone: formatPhoneAsTyped(input.phone),
        Message: input.message,
      },
    },
    ack: {
      to: input.email,
      template: 'school-request-ack',
      subject: 'Your request to bring KikStart to your school',
      name: input.contactName,
      paragraphs: [
        'Thank you for your interest in bringing KikStart programs to your school. Our partnerships team will contact you within 2 business days to talk about programs, schedules and next steps.',
        'If you did not send this request, you can ignore this email.',
      ],
    },
  }));
}
