import { LEAD_STATUS_LABELS, type LeadStatus } from '@kikstart/contract/admin-leads';
import { StatusChip, type StatusTone } from '../../../../components/status-chip.tsx';

const TONES: Record<LeadStatus, StatusTone> = {
  new: 'info-outline',
  contacted: 'warning',
  won: 'success',
  lost: 'default',
};

export function LeadStatusChip({ status }: { status: LeadStatus }) {
  return <StatusChip tone={TONES[status]} label={LEAD_STATUS_LABELS[status]} />;
}
