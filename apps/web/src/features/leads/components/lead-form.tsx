import { useId } from 'react';
import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useLocation } from 'react-router';
import type { FieldValues, UseFormRegister } from 'react-hook-form';
import { PAGE_FORM_FIELD, type PageFormId } from '@kikstart/contract/page-forms';
import { HoneypotField } from './honeypot-field.tsx';

/** Which page form a LeadForm is, and what its post without scripts came to (use-sent-form.ts). */
export interface PageFormProps {
  form: PageFormId;
  problem?: string | null;
  /** Where it posts without scripts; by default the page it is on, which answers with itself. */
  action?: string;
}

/**
 * The frame of every lead form: a named form that the browser does not validate (the contract's
 * schema does, with the spec's messages), the honeypot, and the fields in one column. It is also
 * a plain HTML form the server takes (decision 0033): with scripts off the browser posts its named
 * fields to `action`, which answers with the page showing the messages or the success.
 */
export function LeadForm<TValues extends FieldValues & { website?: string }>({
  label,
  onSubmit,
  register,
  page,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  register: UseFormRegister<TValues>;
  /** Left out for a form that needs the app (a signed-in request, a file upload). */
  page?: PageFormProps;
  children: ReactNode;
}) {
  const idPrefix = useId();
  const here = usePageAddress();
  return (
    <Box
      component="form"
      method={page && 'post'}
      action={page && (page.action ?? here)}
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
    >
      {page && <input type="hidden" name={PAGE_FORM_FIELD} value={page.form} />}
      <HoneypotField register={register} idPrefix={idPrefix} />
      <Stack spacing={2.5}>
        {page?.problem && <Alert severity="error">{page.problem}</Alert>}
        {children}
      </Stack>
    </Box>
  );
}

/** The page's own address, which takes its forms' posts (apps/api/src/plugins/page-forms.ts). */
export function usePageAddress() {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}
