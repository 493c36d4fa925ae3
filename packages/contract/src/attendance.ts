/**
 * Attendance marks a coach takes per session, once for the database enum (attendance_status), the
 * API and the web app's toggle buttons. Imports nothing, so the database package can use it.
 */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
};

/** Who collected a child: one of the family's guardians (accounts) or a person on the child's pickup list. */
export const PICKUP_KINDS = ['guardian', 'pickup_person'] as const;
export type PickupKind = (typeof PICKUP_KINDS)[number];
