import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import {
  callBookings,
  coachApplications,
  coachRoleRequests,
  demoRequests,
  enquiries,
  offers,
  schoolRequests,
} from '@kikstart/db';
import type { AdminLeadDetail, LeadKind } from '@kikstart/contract/admin-leads';
import { formatPhoneAsTyped } from '@kikstart/contract/phone';

type Extra = Pick<AdminLeadDetail, 'fields' | 'coachApplication' | 'coachRequest'>;
type Fields = Record<string, string | null | undefined>;

/** Labelled fields in the form's order; empty ones are left out. */
const labelled = (fields: Fields) =>
  Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] != null && entry[1] !== '')
    .map(([label, value]) => ({ label, value }));

const phone = (value: string | null) => (value ? formatPhoneAsTyped(value) : null);
const none = { coachApplication: null, coachRequest: null };

/** What the visitor sent with a lead, by kind (the inbox row was found first, so the row exists). */
export async function leadFields(db: Db, kind: LeadKind, id: string): Promise<Extra> {
  switch (kind) {
    case 'demo': {
      const [r] = await db
        .select({ row: demoRequests, offer: offers.title })
        .from(demoRequests)
        .leftJoin(offers, eq(offers.id, demoRequests.offerId))
        .where(eq(demoRequests.id, id));
      const row = r!.row;
      return {
        ...none,
        fields: labelled({
          Name: row.fullName,
          Phone: phone(row.phone),
          School: row.schoolName,
          'School address': row.schoolAddress,
          'Preferred date': row.date,
          'Preferred time': row.time,
          Offer: r!.offer,
        }),
      };
    }
    case 'call': {
      const [row] = await db.select().from(callBookings).where(eq(callBookings.id, id));
      return {
        ...none,
        fields: labelled({
          Name: row!.fullName,
          Phone: phone(row!.phone),
          School: row!.schoolName,
          'Best time to call': row!.bestTimeToCall,
          Notes: row!.notes,
        }),
      };
    }
    case 'enquiry':
    case 'contact': {
      const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
      return {
        ...none,
        fields: labelled({
          Name: row!.name,
          Email: row!.email,
          Phone: phone(row!.phone),
          Subject: row!.subject,
          Message: row!.message,
        }),
      };
    }
    case 'school': {
      const [row] = await db.select().from(schoolRequests).where(eq(schoolRequests.id, id));
      return {
        ...none,
        fields: labelled({
          School: row!.schoolName,
          'Contact person': row!.contactName,
          Email: row!.email,
          Phone: phone(row!.phone),
          Message: row!.message,
        }),
      };
    }
    case 'coach-application': {
      const [row] = await db.select().from(coachApplications).where(eq(coachApplications.id, id));
      return {
        fields: labelled({
          Name: row!.name,
          Email: row!.email,
          Phone: phone(row!.phone),
          Sports: row!.sports,
          Experience: row!.experience,
        }),
        coachApplication: {
          cvFileName: row!.cvPath ? row!.cvOriginalName : null,
          cvDeletedAt: row!.cvDeletedAt?.toISOString() ?? null,
          hiredAt: row!.hiredAt?.toISOString() ?? null,
          rejectedAt: row!.rejectedAt?.toISOString() ?? null,
        },
        coachRequest: null,
      };
    }
    case 'coach-request': {
      const [row] = await db.select().from(coachRoleRequests).where(eq(coachRoleRequests.id, id));
      return {
        fields: labelled({ Message: row!.message }),
        coachApplication: null,
        coachRequest: {
          userId: row!.userId,
          decision: row!.status,
          declineReason: row!.declineReason,
          decidedAt: row!.decidedAt?.toISOString() ?? null,
        },
      };
    }
  }
}
