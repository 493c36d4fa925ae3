import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { CHECKOUT_MINUTES } from '@kikstart/contract/payments';

export type PayMethod = 'card' | 'office';

/**
 * Card or "pay at the office or by check", shown only when the operator offers both. The office
 * choice says how long the seats stay held and what to bring, since nothing is charged now.
 */
export function PayMethodChoice(props: {
  value: PayMethod;
  onChange: (value: PayMethod) => void;
  holdDays: number;
  disabled?: boolean;
}) {
  return (
    <FormControl component="fieldset" disabled={props.disabled}>
      <FormLabel
        component="legend"
        sx={{ mb: 1, fontWeight: 600, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}
      >
        How would you like to pay?
      </FormLabel>
      <RadioGroup value={props.value} onChange={(e) => props.onChange(e.target.value as PayMethod)}>
        <FormControlLabel value="card" control={<Radio />} label="By card, now (secure payment page)" />
        <FormControlLabel value="office" control={<Radio />} label="Pay at the office or by check" />
      </RadioGroup>
      {props.value === 'office' && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          We hold your seats for {props.holdDays} days instead of {CHECKOUT_MINUTES} minutes. Bring cash or a check made
          out to KikStart for the total on the next page, with your child's name, to the office. Your enrollment is
          confirmed, and the receipt emailed, when staff record your payment; seats not paid for within {props.holdDays}{' '}
          days are released.
        </Typography>
      )}
    </FormControl>
  );
}
