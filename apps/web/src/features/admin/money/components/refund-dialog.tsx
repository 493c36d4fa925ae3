import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { refundSchema, type AdminTransaction, type RefundInput } from '@kikstart/contract/admin-money';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { formatMoneyFromCents } from '../../../../lib/format/money.ts';
import { useRefundPayment } from '../api/refund-payment.ts';
import { NumberField } from './number-field.tsx';

const resolver: Resolver<RefundInput> = zodResolver(refundSchema);

/**
 * Refund part or all of a payment, with the reason the family will read. The request id is made
 * when the dialog opens, so a double click (or a retry after a lost answer) refunds once.
 */
export function RefundDialog({ payment }: { payment: AdminTransaction }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const refund = useRefundPayment();
  const money = (cents: number) => formatMoneyFromCents(cents, payment.currency);
  const form = useForm<RefundInput>({
    resolver,
    defaultValues: { amountCents: payment.refundableCents, reason: '', requestId: crypto.randomUUID() },
  });
  const start = () => {
    form.reset({ amountCents: payment.refundableCents, reason: '', requestId: crypto.randomUUID() });
    setOpen(true);
  };
  const amount = useWatch({ control: form.control, name: 'amountCents' });
  const submit = form.handleSubmit(async (values) => {
    if (values.amountCents > payment.refundableCents) {
      form.setError('amountCents', { message: `At most ${money(payment.refundableCents)} is left to refund` });
      return;
    }
    try {
      await refund.mutateAsync({ id: payment.id, ...values });
      setOpen(false);
    } catch (error) {
      applyServerErrors(error, form.setError, ['amountCents', 'reason']);
    }
  });
  return (
    <>
      <Button size="small" variant="outlined" onClick={start} aria-label={`Refund ${payment.description}`}>
        Refund
      </Button>
      <Dialog open={open} onClose={() => !refund.isPending && setOpen(false)} aria-labelledby={titleId} fullWidth>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle id={titleId}>Refund a payment</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {payment.description}, paid {money(payment.amountCents)} by {payment.familyEmail ?? 'a deleted account'}.{' '}
              {money(payment.refundableCents)} can still be refunded. The family is mailed the amount and your reason.
            </DialogContentText>
            <Stack spacing={2}>
              <NumberField control={form.control} name="amountCents" label="Amount to refund" money required />
              <FormTextField
                control={form.control}
                name="reason"
                label="Reason (the family reads it)"
                multiline
                minRows={2}
                required
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)} disabled={refund.isPending}>
              Cancel
            </Button>
            <SubmitButton loading={refund.isPending} size="medium">
              {`Refund ${amount ? money(amount) : ''}`.trim()}
            </SubmitButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
