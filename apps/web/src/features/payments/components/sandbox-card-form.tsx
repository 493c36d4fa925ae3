import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { sandboxPaySchema } from '@kikstart/contract/payments';
import { ApiError } from '../../../lib/api-client.ts';
import { usePaySandboxCheckout, type SandboxCardInput } from '../api/pay-sandbox-checkout.ts';

type CardFields = Omit<SandboxCardInput, 'checkoutId'>;
const EMPTY: CardFields = { cardNumber: '', expiry: '', cvc: '', name: '' };

/** The card form: checked with the contract's rules before sending, and again by the server. */
export function SandboxCardForm({ checkoutId, onEnded }: { checkoutId: string; onEnded: () => void }) {
  const [card, setCard] = useState<CardFields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pay = usePaySandboxCheckout();
  const set = (field: keyof CardFields) => (e: { target: { value: string } }) =>
    setCard((c) => ({ ...c, [field]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = sandboxPaySchema.safeParse({ checkoutId, ...card });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    pay.mutate(
      { checkoutId, ...card },
      {
        onSuccess: (outcome) => {
          if (outcome.state !== 'open') onEnded();
        },
        onError: (err) => setErrors(err instanceof ApiError ? err.errors : {}),
      },
    );
  };

  const field = (
    name: keyof CardFields,
    label: string,
    extra: { autoComplete: string; inputMode?: 'numeric' | 'text'; placeholder?: string },
  ) => (
    <TextField
      label={label}
      value={card[name]}
      onChange={set(name)}
      error={!!errors[name]}
      helperText={errors[name]}
      required
      fullWidth
      autoComplete={extra.autoComplete}
      placeholder={extra.placeholder}
      slotProps={{ htmlInput: { inputMode: extra.inputMode } }}
      disabled={pay.isPending}
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Card details">
      {field('cardNumber', 'Card number', {
        autoComplete: 'cc-number',
        inputMode: 'numeric',
        placeholder: '4242 4242 4242 4242',
      })}
      <Stack direction="row" spacing={2}>
        {field('expiry', 'Expiry (MM/YY)', { autoComplete: 'cc-exp', placeholder: 'MM/YY' })}
        {field('cvc', 'CVC', { autoComplete: 'cc-csc', inputMode: 'numeric' })}
      </Stack>
      {field('name', 'Name on card', { autoComplete: 'cc-name' })}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pay.isPending}
        aria-busy={pay.isPending}
        startIcon={pay.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        Pay now
      </Button>
    </Stack>
  );
}
