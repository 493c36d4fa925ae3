import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  adminCouponInputSchema,
  type AdminCoupon,
  type AdminCouponForm,
  type AdminCouponInput,
} from '@kikstart/contract/admin-money';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { useCreateCoupon } from '../api/create-coupon.ts';
import { useUpdateCoupon } from '../api/update-coupon.ts';
import { NumberField } from './number-field.tsx';

const resolver: Resolver<AdminCouponForm, unknown, AdminCouponInput> = zodResolver(adminCouponInputSchema);

const formOf = (c?: AdminCoupon): AdminCouponForm => ({
  code: c?.code ?? '',
  description: c?.description ?? '',
  kind: c?.kind ?? 'percent',
  percentOff: c?.percentOff ?? null,
  amountOffCents: c?.amountOffCents ?? null,
  validFrom: c?.validFrom ?? null,
  validUntil: c?.validUntil ?? null,
  maxRedemptions: c?.maxRedemptions ?? null,
  maxPerFamily: c?.maxPerFamily ?? null,
  forPlans: c?.forPlans ?? false,
});

/** Creates a coupon, or edits one (`coupon`); edits apply to checkouts started afterwards. */
export function CouponDialog({ coupon }: { coupon?: AdminCoupon }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const busy = create.isPending || update.isPending;
  const form = useForm<AdminCouponForm, unknown, AdminCouponInput>({ resolver, defaultValues: formOf(coupon) });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const start = () => {
    form.reset(formOf(coupon));
    setOpen(true);
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      if (coupon) await update.mutateAsync({ id: coupon.id, ...values });
      else await create.mutateAsync(values);
      setOpen(false);
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  const dayField = (name: 'validFrom' | 'validUntil', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="date"
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value || null)}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? 'Leave empty for no limit'}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      )}
    />
  );
  return (
    <>
      {coupon ? (
        <Button size="small" onClick={start} aria-label={`Edit ${coupon.code}`}>
          Edit
        </Button>
      ) : (
        <Button variant="contained" onClick={start}>
          New coupon
        </Button>
      )}
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle id={titleId}>{coupon ? `Edit ${coupon.code}` : 'New coupon'}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField
                control={form.control}
                name="code"
                label="Code"
                required
                helperText="Letters, digits and dashes; families type it in any case"
                inputProps={{ maxLength: 40 }}
              />
              <FormTextField control={form.control} name="description" label="Description (staff only)" />
              <Controller
                control={form.control}
                name="kind"
                render={({ field }) => (
                  <TextField select label="Discount" {...field} fullWidth>
                    <MenuItem value="percent">Percent off</MenuItem>
                    <MenuItem value="amount">Amount off</MenuItem>
                  </TextField>
                )}
              />
              {kind === 'percent' ? (
                <NumberField control={form.control} name="percentOff" label="Percent off" suffix="%" required />
              ) : (
                <NumberField control={form.control} name="amountOffCents" label="Amount off" money required />
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {dayField('validFrom', 'First valid day')}
                {dayField('validUntil', 'Last valid day')}
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <NumberField
                  control={form.control}
                  name="maxRedemptions"
                  label="Uses in total"
                  helperText="Empty: no limit"
                />
                <NumberField
                  control={form.control}
                  name="maxPerFamily"
                  label="Uses per family"
                  helperText="Empty: no limit"
                />
              </Stack>
              <Controller
                control={form.control}
                name="forPlans"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label="For memberships (a plan's first charge) instead of program seats"
                  />
                )}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <SubmitButton loading={busy} size="medium">
              {coupon ? 'Save coupon' : 'Create coupon'}
            </SubmitButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
