import type { BaseSyntheticEvent, ReactNode } from 'react';
import Stack from '@mui/material/Stack';

/**
 * A form laid out as a column of fields: no browser validation (the contract's rules show under
 * each field instead), named for assistive technology by `label`.
 */
export function FormStack({
  label,
  onSubmit,
  children,
}: {
  label: string;
  /** react-hook-form's handleSubmit(...) result. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={2.5} aria-label={label}>
      {children}
    </Stack>
  );
}
