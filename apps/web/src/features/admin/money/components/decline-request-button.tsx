import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { REFUND_REASON_MAX, declineRequestSchema, type RefundRequest } from '@kikstart/contract/admin-money';
import { ConfirmButton } from '../../../../components/confirm-button.tsx';
import { useDeclineRefundRequest } from '../api/decline-refund-request.ts';

/** Decline with a reason the family is mailed; the contract's rule checks it before sending. */
export function DeclineRequestButton({ request }: { request: RefundRequest }) {
  const decline = useDeclineRefundRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmButton
      label="Decline"
      ariaLabel={`Decline the refund for ${request.childName ?? 'this child'}`}
      title="Decline this refund request?"
      text="Nothing is refunded. The family is mailed your reason."
      confirmLabel="Decline"
      variant="text"
      onCancel={() => {
        setReason('');
        setError(null);
      }}
      onConfirm={async () => {
        const checked = declineRequestSchema.safeParse({ reason });
        if (!checked.success) {
          setError(checked.error.issues[0]?.message ?? null);
          throw new Error('invalid');
        }
        await decline.mutateAsync({ id: request.id, reason: checked.data.reason });
      }}
    >
      <TextField
        label="Reason (the family reads it)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        multiline
        minRows={2}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
      />
    </ConfirmButton>
  );
}
