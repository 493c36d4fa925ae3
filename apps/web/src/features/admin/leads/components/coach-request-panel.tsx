import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { declineCoachRequestSchema, DECLINE_REASON_MAX, type AdminLeadDetail } from '@kikstart/contract/admin-leads';
import { ConfirmButton } from '../../../../components/confirm-button.tsx';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import { useApproveCoachRequest } from '../api/approve-coach-request.ts';
import { useDeclineCoachRequest } from '../api/decline-coach-request.ts';

type CoachRequest = NonNullable<AdminLeadDetail['coachRequest']>;

/** Approve (adds the coach role, keeps the family) or decline with a reason the requester is sent. */
export function CoachRequestPanel({ id, request }: { id: string; request: CoachRequest }) {
  const approve = useApproveCoachRequest(id);
  const decline = useDeclineCoachRequest(id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');

  const confirmDecline = async () => {
    // The contract's rule, the same the API applies.
    const checked = declineCoachRequestSchema.safeParse({ reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message ?? '');
      throw new Error('The reason is missing');
    }
    await decline.mutateAsync(checked.data.reason);
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="coach-request-title">
      <Typography id="coach-request-title" variant="h2" sx={{ fontSize: 20 }}>
        Coach access
      </Typography>
      {request.decision === 'approved' && (
        <Alert severity="success">
          Approved {request.decidedAt ? `on ${formatDateTime(request.decidedAt)}` : ''}. The account has the coach role
          and keeps its family.
        </Alert>
      )}
      {request.decision === 'declined' && (
        <Alert severity="info">
          Declined {request.decidedAt ? `on ${formatDateTime(request.decidedAt)}` : ''}. Reason sent:{' '}
          {request.declineReason}
        </Alert>
      )}
      {request.decision === 'pending' && (
        <>
          <Typography sx={{ color: 'text.secondary' }}>
            Approving adds the coach role to this account; their family, children and payments stay as they are. Both
            answers are emailed to them.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ConfirmButton
              label="Approve"
              variant="contained"
              title="Give this account coach access?"
              text="The account gains the coach role at once and is told by email."
              confirmLabel="Approve"
              onConfirm={() => approve.mutateAsync(undefined)}
            />
            <ConfirmButton
              label="Decline"
              title="Decline this request?"
              text="Say why: the reason is emailed to the requester."
              confirmLabel="Decline"
              onConfirm={confirmDecline}
              onCancel={() => {
                setReason('');
                setReasonError('');
              }}
            >
              <TextField
                label="Reason"
                required
                fullWidth
                multiline
                minRows={3}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError('');
                }}
                error={Boolean(reasonError)}
                helperText={reasonError || ' '}
                slotProps={{ htmlInput: { maxLength: DECLINE_REASON_MAX } }}
              />
            </ConfirmButton>
          </Stack>
        </>
      )}
    </Stack>
  );
}
