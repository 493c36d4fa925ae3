import Stack from '@mui/material/Stack';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field.tsx';

const NAMES = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

/** First and last name side by side (stacked on phones), as sign-up and the profile ask for them. */
export function NameFields<TValues extends FieldValues & { firstName: string; lastName: string }>({
  control,
}: {
  control: Control<TValues>;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
      {NAMES.map(({ name, label, autoComplete }) => (
        <FormTextField
          key={name}
          control={control}
          name={name as FieldPath<TValues>}
          label={label}
          autoComplete={autoComplete}
          required
        />
      ))}
    </Stack>
  );
}
