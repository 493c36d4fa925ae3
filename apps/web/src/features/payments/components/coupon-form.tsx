import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Breakdown } from '@kikstart/contract/payments';
import { COUPON_CODE_MAX } from '@kikstart/contract/payments';
import { ApiError } from '../../../lib/api-client.ts';
import { useVerifyCoupon } from '../api/verify-coupon.ts';

interface Props {
  enrollmentIds: string[];
  applied: string | null;
  onApplied: (value: { code: string; breakdown: Breakdown } | null) => void;
  disabled: boolean;
}

/** The coupon field: checked against the chosen seats on Apply (never per keystroke); the server answers the new breakdown. */
export function CouponForm({ enrollmentIds, applied, onApplied, disabled }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyCoupon();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    verify.mutate(
      { enrollmentIds, code },
      {
        onSuccess: (breakdown) => onApplied({ code: breakdown.coupon?.code ?? code.trim().toUpperCase(), breakdown }),
        onError: (err) => {
          onApplied(null);
          setError(
            err instanceof ApiError
              ? (err.errors.code ?? err.errors.enrollmentIds ?? err.message)
              : 'The code could not be checked. Please try again.',
          );
        },
      },
    );
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: 'flex-start' }}
      aria-label="Coupon"
    >
      <TextField
        label="Coupon code"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (applied) onApplied(null);
        }}
        error={!!error}
        helperText={error ?? (applied ? `Coupon ${applied} applied` : 'Optional. Checked when you press Apply.')}
        slotProps={{ htmlInput: { maxLength: COUPON_CODE_MAX, autoCapitalize: 'characters' } }}
        disabled={disabled}
        sx={{ minWidth: { sm: 260 } }}
      />
      <Button
        type="submit"
        variant="outlined"
        size="large"
        disabled={disabled || verify.isPending || !code.trim() || enrollmentIds.length === 0}
        sx={{ mt: { sm: 0.5 } }}
      >
        Apply
      </Button>
    </Stack>
  );
}
