import { useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { schoolInputSchema, type AdminSchool, type SchoolInput } from '@kikstart/contract/admin-catalog';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { useSaveSchool } from '../api/save-school.ts';

type SchoolForm = z.input<typeof schoolInputSchema>;
const resolver: Resolver<SchoolForm, unknown, SchoolInput> = zodResolver(schoolInputSchema);

const formOf = (s?: AdminSchool): SchoolForm => ({
  name: s?.name ?? '',
  address: s?.address ?? '',
  city: s?.city ?? '',
  postalCode: s?.postalCode ?? '',
  isPartner: s?.isPartner ?? true,
});

/** Adds a school, or edits one (`school`): the rules are the contract's, the same the API checks. */
export function SchoolDialog({ school }: { school?: AdminSchool }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const save = useSaveSchool();
  const form = useForm<SchoolForm, unknown, SchoolInput>({ resolver, defaultValues: formOf(school) });
  const start = () => {
    form.reset(formOf(school));
    setOpen(true);
  };
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: school?.id, input });
      setOpen(false);
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  return (
    <>
      {school ? (
        <Button size="small" onClick={start} aria-label={`Edit ${school.name}`}>
          Edit
        </Button>
      ) : (
        <Button variant="contained" onClick={start}>
          New school
        </Button>
      )}
      <Dialog
        open={open}
        onClose={() => !save.isPending && setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle id={titleId}>{school ? `Edit ${school.name}` : 'New school'}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField
                control={form.control}
                name="name"
                label="School name"
                required
                inputProps={{ maxLength: 120 }}
              />
              <FormTextField
                control={form.control}
                name="address"
                label="Street address"
                required
                inputProps={{ maxLength: 200 }}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField
                  control={form.control}
                  name="city"
                  label="City"
                  required
                  inputProps={{ maxLength: 80 }}
                />
                <FormTextField
                  control={form.control}
                  name="postalCode"
                  label="ZIP code"
                  inputProps={{ maxLength: 10 }}
                />
              </Stack>
              <Controller
                control={form.control}
                name="isPartner"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
                    }
                    label="Partner school (listed on the public site)"
                  />
                )}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <SubmitButton loading={save.isPending} size="medium">
              {school ? 'Save school' : 'Create school'}
            </SubmitButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
