import { useId } from 'react';
import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { FieldValues, UseFormRegister } from 'react-hook-form';
import { HoneypotField } from './honeypot-field.tsx';

/**
 * The frame of every lead form: a named form that the browser does not validate (the contract's
 * schema does, with the spec's messages), the honeypot, and the fields in one column.
 */
export function LeadForm<TValues extends FieldValues & { website?: string }>({
  label,
  onSubmit,
  register,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  register: UseFormRegister<TValues>;
  children: ReactNode;
}) {
  const idPrefix = useId();
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <HoneypotField register={register} idPrefix={idPrefix} />
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}
