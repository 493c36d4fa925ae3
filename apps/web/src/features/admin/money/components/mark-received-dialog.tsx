import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import type { OfficePayment } from '@kikstart/contract/admin-money';
import { MANUAL_METHODS, markReceivedSchema } from '@kikstart/contract/payments';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { formatMoneyFromCents } from '../../../../lib/format/money.ts';
import { useMarkReceived } from '../api/mark-received.ts';

type Form = z.input<typeof markReceivedSchema>;
type Values = z.output<typeof markReceivedSchema>;
const resolver: Resolver<Form, unknown, Values> = zodResolver(markReceivedSchema);

/**
 * Staff took the cash or check: the amount is the checkout's total (a partial payment is not a
 * paid seat), so only the method and a reference (receipt or check number) are asked.
 */
export function MarkReceivedDialog({ payment }: { payment: OfficePayment }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const mark = useMarkReceived();
  const total = formatMoneyFromCents(payment.totalCents, payment.currency);
  const form = useForm<Form, unknown, Values>({
    resolver,
    defaultValues: { checkoutId: payment.checkoutId, amountCents: payment.totalCents, method: 'cash', reference: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await mark.mutateAsync(values);
      setOpen(false);
    } catch (error) {
      applyServerErrors(error, form.setError, ['method', 'reference']);
    }
  });
  return (
    <>
      <Button size="small" variant="contained" onClick={() => setOpen(true)}>
        Mark received
      </Button>
      <Dialog open={open} onClose={() => !mark.isPending && setOpen(false)} aria-labelledby={titleId} fullWidth>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle id={titleId}>Mark {total} received</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              From {payment.familyEmail ?? 'a deleted account'} for{' '}
              {payment.lines.map((l) => `${l.childName ?? 'a child'} in ${l.programTitle}`).join(', ')}. The seats are
              confirmed and the receipt is mailed to the family.
            </DialogContentText>
            <Stack spacing={2}>
              <Controller
                control={form.control}
                name="method"
                render={({ field }) => (
                  <TextField select label="Paid by" {...field} fullWidth>
                    {MANUAL_METHODS.map((m) => (
                      <MenuItem key={m} value={m}>
                        {m === 'cash' ? 'Cash' : 'Check'}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <FormTextField
                control={form.control}
                name="reference"
                label="Reference (receipt or check number)"
                inputProps={{ maxLength: 100 }}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)} disabled={mark.isPending}>
              Cancel
            </Button>
            <SubmitButton loading={mark.isPending} size="medium">
              Mark {total} received
            </SubmitButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
