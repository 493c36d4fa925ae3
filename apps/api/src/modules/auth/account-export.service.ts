import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import {
  calendarFeeds,
  children,
  coachApplications,
  coachRoleRequests,
  enquiries,
  enrollments,
  families,
  newsletterSubscribers,
  oneTimeTokens,
  programs,
  schoolRequests,
  sessions,
  users,
} from '@kikstart/db';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from './sessions.service.ts';
import { toChild } from '../children/children.service.ts';
import type { FileUrls } from '../../lib/signed-urls.ts';
import { toProfile } from './user-common.ts';
import { exportFamilyPayments } from '../payments/transactions.service.ts';
import { exportFamilyMemberships } from '../memberships/subscription-view.ts';
import { exportKeptPhotos } from '../gallery/gallery.service.ts';
import { exportFamilyConversations } from '../chat/chat-data-rights.ts';

/** Bumped when the shape of the download changes, so a reader can tell versions apart. */
export const EXPORT_FORMAT_VERSION = 1;

/**
 * Everything the product keeps about the signed-in user and their family, as one JSON
 * document: profile, sessions, guardians and open invitations, children with every field,
 * enrollments with their waiver signatures, whether a calendar feed exists (not its secret),
 * the newsletter status of the address, and forms sent with that address. Secrets (password
 * hash, token hashes, the feed token) are never included.
 */
export async function exportAccountData(opts: {
  db: Db;
  now: Date;
  fileUrls: FileUrls;
  /** Signs the links to the family's kept gallery photos. */
  fileSecret: string;
  user: AuthUser;
}) {
  const { db, now, fileUrls, fileSecret, user } = opts;
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  const email = row.email.toLowerCase();
  const familyId = row.familyId;

  const activeSessions = await db
    .select({
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(asc(sessions.createdAt));
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, user.id));
  const [newsletter] = await db
    .select({
      status: newsletterSubscribers.status,
      createdAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));

  return {
    format: 'kikstart-account-export',
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    profile: {
      ...toProfile(row, fileUrls),
      emailVerifiedAt: row.emailVerifiedAt,
      updatedAt: row.updatedAt.toISOString(),
    },
    sessions: activeSessions,
    calendarFeed: feed ? { exists: true, createdAt: feed.createdAt.toISOString() } : { exists: false },
    newsletter: newsletter ?? null,
    family: familyId ? await familyPart(db, familyId, user.id, now, fileUrls, fileSecret) : null,
    forms: await formsSentBy(db, email, user.id),
  };
}

async function familyPart(db: Db, familyId: string, userId: string, now: Date, fileUrls: FileUrls, fileSecret: string) {
  const [family] = await db.select().from(families).where(eq(families.id, familyId));
  const guardians = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.familyId, familyId))
    .orderBy(asc(users.createdAt));
  const invites = await db
    .select({ email: oneTimeTokens.email, createdAt: oneTimeTokens.createdAt, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.purpose, 'family_invite'),
        eq(oneTimeTokens.familyId, familyId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
  const kids = await db.select().from(children).where(eq(children.familyId, familyId)).orderBy(asc(children.createdAt));
  const rows = await db
    .select({ enrollment: enrollments, programTitle: programs.title })
    .from(enrollments)
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(eq(enrollments.familyId, familyId))
    .orderBy(asc(enrollments.createdAt));
  const enrollmentList = rows.map(({ enrollment: e, programTitle }) => ({ ...e, programTitle }));
  return {
    id: familyId,
    createdAt: family?.createdAt.toISOString() ?? null,
    guardians: guardians.map((g) => ({ ...g, isYou: g.id === userId })),
    pendingInvites: invites,
    children: kids.map((k) => toChild(k, now, fileUrls)),
    enrollments: enrollmentList,
    payments: await exportFamilyPayments(db, familyId),
    memberships: await exportFamilyMemberships(db, familyId),
    keptPhotos: await exportKeptPhotos({ db, now, familyId, userId, secret: fileSecret }),
    conversations: await exportFamilyConversations(db, familyId),
    waivers: enrollmentList.map((e) => ({
      enrollmentId: e.id,
      childId: e.childId,
      programTitle: e.programTitle,
      signedName: e.waiverName,
      signedAt: e.waiverSignedAt,
      version: e.waiverVersion,
    })),
  };
}

/** Forms that carry this address (or account); demo and call requests hold no email to match. */
async function formsSentBy(db: Db, email: string, userId: string) {
  return {
    enquiries: await db.select().from(enquiries).where(eq(enquiries.email, email)),
    schoolRequests: await db.select().from(schoolRequests).where(eq(schoolRequests.email, email)),
    coachApplications: await db
      .select({
        id: coachApplications.id,
        name: coachApplications.name,
        email: coachApplications.email,
        phone: coachApplications.phone,
        experience: coachApplications.experience,
        sports: coachApplications.sports,
        cvOriginalName: coachApplications.cvOriginalName,
        status: coachApplications.status,
        createdAt: coachApplications.createdAt,
      })
      .from(coachApplications)
      .where(eq(coachApplications.email, email)),
    coachRoleRequests: await db.select().from(coachRoleRequests).where(eq(coachRoleRequests.userId, userId)),
  };
}
