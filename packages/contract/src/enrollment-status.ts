/**
 * Enrollment statuses and the sets the rules are written in, once. The API builds its SQL from
 * these sets (and the database's enum and partial indexes use the same lists), the web its
 * labels, buttons and calendars. Imports nothing, so the database package can use it.
 *
 * pending_payment holds a seat for HOLD_MINUTES; offered holds a freed seat for a waitlisted
 * family for OFFER_HOURS; confirmed is set by payments. dropped, expired and declined are final.
 */
export const ENROLLMENT_STATUSES = [
  'pending_payment',
  'confirmed',
  'waitlisted',
  'offered',
  'dropped',
  'expired',
  'declined',
] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  pending_payment: 'Waiting for payment',
  confirmed: 'Enrolled',
  waitlisted: 'On the waitlist',
  offered: 'Seat offered',
  dropped: 'Dropped out',
  expired: 'Expired',
  declined: 'Declined',
};

/** Take one of the program's seats (capacity minus these is what the catalog shows as left). */
export const SEAT_STATUSES = ['pending_payment', 'confirmed', 'offered'] as const satisfies readonly EnrollmentStatus[];

/**
 * Live: not ended. At most one per child per program (the partial unique index uses this list,
 * in this order, so its SQL text stays the migrated one); a child with one is "already enrolled";
 * the API takes a drop-out of any of them.
 */
export const LIVE_STATUSES = [
  'pending_payment',
  'confirmed',
  'waitlisted',
  'offered',
] as const satisfies readonly EnrollmentStatus[];

/** Final: the enrollment is over and changes no more. */
export const ENDED_STATUSES = ['dropped', 'expired', 'declined'] as const satisfies readonly EnrollmentStatus[];

/** Offered a "Drop out" button in the web app; an open offer is answered with Accept or Decline instead. */
export const DROPPABLE_STATUSES = [
  'pending_payment',
  'confirmed',
  'waitlisted',
] as const satisfies readonly EnrollmentStatus[];

/** The child attends: sessions show on the dashboard's upcoming list and in the calendar feed. */
export const ATTENDING_STATUSES = ['confirmed', 'pending_payment'] as const satisfies readonly EnrollmentStatus[];

/** An unpaid seat hold: counts toward MAX_UNPAID_HOLDS, lapses at hold_expires_at, gets the reminder mail. */
export const UNPAID_HOLD_STATUS = 'pending_payment' satisfies EnrollmentStatus;

/** Paid (or covered): the seat is the child's. The calendar marks it CONFIRMED, other attending ones TENTATIVE. */
export const CONFIRMED_STATUS = 'confirmed' satisfies EnrollmentStatus;

/** A place in the program's first-come queue (holds no seat). */
export const WAITLIST_STATUS = 'waitlisted' satisfies EnrollmentStatus;

/** A freed seat held for a waitlisted family until offer_expires_at. */
export const OFFER_STATUS = 'offered' satisfies EnrollmentStatus;

/** The order of the enrollments page: what needs an answer first, then live, then ended. */
export const ENROLLMENT_STATUS_ORDER = [
  'offered',
  'pending_payment',
  'confirmed',
  'waitlisted',
  'dropped',
  'declined',
  'expired',
] as const satisfies readonly EnrollmentStatus[];

/** Is `status` one of `set` (a typed `includes` for the readonly tuples above). */
export const statusIn = (status: EnrollmentStatus, set: readonly EnrollmentStatus[]) => set.includes(status);

/**
 * `'a', 'b'` for a SQL `in (...)` list that must be literal text (partial index predicates,
 * whose text is compared with the migrations). Statuses are fixed identifiers, never user input.
 */
export const statusListSql = (set: readonly EnrollmentStatus[]) => set.map((s) => `'${s}'`).join(', ');
