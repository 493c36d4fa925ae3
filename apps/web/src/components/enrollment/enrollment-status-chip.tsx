import { ENROLLMENT_STATUS_LABELS, type EnrollmentStatus } from '@kikstart/contract/enrollment-status';
import { StatusChip } from '../status-chip.tsx';
import type { StatusTone } from '../status-chip.tsx';

const TONE: Record<EnrollmentStatus, StatusTone> = {
  confirmed: 'success',
  pending_payment: 'warning',
  offered: 'secondary',
  waitlisted: 'info-outline',
  dropped: 'default',
  expired: 'default',
  declined: 'default',
};

export function EnrollmentStatusChip({ status }: { status: EnrollmentStatus }) {
  return <StatusChip tone={TONE[status]} label={ENROLLMENT_STATUS_LABELS[status]} />;
}
