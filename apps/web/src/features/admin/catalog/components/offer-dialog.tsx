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
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { offerInputSchema, type AdminOffer, type OfferInput } from '@kikstart/contract/admin-catalog';
import type { OfferAction } from '@kikstart/contract/content';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { useSaveOffer } from '../api/save-offer.ts';

type OfferForm = z.input<typeof offerInputSchema>;
const resolver: Resolver<OfferForm, unknown, OfferInput> = zodResolver(offerInputSchema);

export const OFFER_ACTION_LABELS: Record<OfferAction, string> = {
  request_demo: 'Opens the demo request form',
  browse_programs: 'Opens the program catalog',
};

export const offerInput = (o?: AdminOffer): OfferInput => ({
  title: o?.title ?? '',
  description: o?.description ?? '',
  badge: o?.badge ?? null,
  validUntil: o?.validUntil ?? null,
  action: o?.action ?? 'request_demo',
  published: o?.published ?? true,
});

/** Adds an offer (last in the public order), or edits one. */
export function OfferDialog({ offer }: { offer?: AdminOffer }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const save = useSaveOffer();
  const form = useForm<OfferForm, unknown, OfferInput>({ resolver, defaultValues: offerInput(offer) });
  const start = () => {
    form.reset(offerInput(offer));
    setOpen(true);
  };
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: offer?.id, input });
      setOpen(false);
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  return (
    <>
      {offer ? (
        <Button size="small" onClick={start} aria-label={`Edit ${offer.title}`}>
          Edit
        </Button>
      ) : (
        <Button variant="contained" onClick={start}>
          New offer
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
          <DialogTitle id={titleId}>{offer ? `Edit ${offer.title}` : 'New offer'}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField
                control={form.control}
                name="title"
                label="Title"
                required
                inputProps={{ maxLength: 120 }}
              />
              <FormTextField
                control={form.control}
                name="description"
                label="Description"
                required
                multiline
                minRows={3}
                inputProps={{ maxLength: 1000 }}
              />
              <FormTextField
                control={form.control}
                name="badge"
                label="Badge"
                helperText="A short label on the card, such as New or Fall only; leave empty for none"
                inputProps={{ maxLength: 40 }}
              />
              <Controller
                control={form.control}
                name="validUntil"
                render={({ field, fieldState }) => (
                  <TextField
                    type="date"
                    label="Valid until"
                    name={field.name}
                    inputRef={field.ref}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onChange={(e) => field.onChange(e.target.value || null)}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'Leave empty for no end date'}
                    slotProps={{ inputLabel: { shrink: true } }}
                    fullWidth
                  />
                )}
              />
              <Controller
                control={form.control}
                name="action"
                render={({ field }) => (
                  <TextField select label="The offer's button" {...field} fullWidth>
                    {Object.entries(OFFER_ACTION_LABELS).map(([value, label]) => (
                      <MenuItem key={value} value={value}>
                        {label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="published"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
                    }
                    label="Show on the site"
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
              {offer ? 'Save offer' : 'Create offer'}
            </SubmitButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
