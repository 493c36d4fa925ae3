import Stack from '@mui/material/Stack';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field.tsx';

/** First and last name side by side (stacked on phones), as sign-up and the profile ask for them. */
export function NameFields<TValues extends FieldValues & { firstName: string; lastName: string }>({
  control,
}: {
  control: Control<TValues>;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
      <FormTextField
        control={control}
        name={'firstName' as FieldPath<TValues>}
        label="First name"
        autoComplete="given-name"
        required
      />
      <FormTextField
        control={control}
        name={'lastName' as FieldPath<TValues>}
        label="Last name"
        autoComplete="family-name"
        required
      />
    </Stack>
  );
}
