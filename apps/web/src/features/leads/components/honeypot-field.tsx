import Box from '@mui/material/Box';
import type { UseFormRegister, FieldValues, Path } from 'react-hook-form';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

/**
 * The `website` honeypot every public form sends: people never see or reach it (hidden,
 * out of the tab order, ignored by assistive tech and autofill); bots that fill every input do,
 * and the server then answers with a fake success.
 */
export function HoneypotField<TValues extends FieldValues & { website?: string }>({
  register,
  idPrefix,
}: {
  register: UseFormRegister<TValues>;
  idPrefix: string;
}) {
  const id = `${idPrefix}-website`;
  return (
    <Box aria-hidden sx={visuallyHidden}>
      <label htmlFor={id}>Website (leave this empty)</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...register('website' as Path<TValues>)} />
    </Box>
  );
}
