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
import { testimonialInputSchema, type AdminTestimonial, type TestimonialInput } from '@kikstart/contract/admin-catalog';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { useSaveTestimonial } from '../api/save-testimonial.ts';

type TestimonialForm = z.input<typeof testimonialInputSchema>;
const resolver: Resolver<TestimonialForm, unknown, TestimonialInput> = zodResolver(testimonialInputSchema);

export const testimonialInput = (t?: AdminTestimonial): TestimonialInput => ({
  authorName: t?.authorName ?? '',
  authorRole: t?.authorRole ?? '',
  quote: t?.quote ?? '',
  rating: t?.rating ?? 5,
  published: t?.published ?? true,
});

/** Adds a testimonial (last in the public order), or edits one. */
export function TestimonialDialog({ testimonial }: { testimonial?: AdminTestimonial }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const save = useSaveTestimonial();
  const form = useForm<TestimonialForm, unknown, TestimonialInput>({
    resolver,
    defaultValues: testimonialInput(testimonial),
  });
  const start = () => {
    form.reset(testimonialInput(testimonial));
    setOpen(true);
  };
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: testimonial?.id, input });
      setOpen(false);
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  return (
    <>
      {testimonial ? (
        <Button size="small" onClick={start} aria-label={`Edit the testimonial from ${testimonial.authorName}`}>
          Edit
        </Button>
      ) : (
        <Button variant="contained" onClick={start}>
          New testimonial
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
          <DialogTitle id={titleId}>{testimonial ? 'Edit testimonial' : 'New testimonial'}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField
                control={form.control}
                name="quote"
                label="Quote"
                required
                multiline
                minRows={3}
                inputProps={{ maxLength: 1000 }}
              />
              <FormTextField
                control={form.control}
                name="authorName"
                label="Name"
                required
                inputProps={{ maxLength: 80 }}
              />
              <FormTextField
                control={form.control}
                name="authorRole"
                label="Role"
                required
                helperText="For example: Parent of two, Lincoln Elementary"
                inputProps={{ maxLength: 120 }}
              />
              <Controller
                control={form.control}
                name="rating"
                render={({ field }) => (
                  <TextField
                    select
                    label="Rating"
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    fullWidth
                  >
                    {[5, 4, 3, 2, 1].map((n) => (
                      <MenuItem key={n} value={n}>
                        {n} {n === 1 ? 'star' : 'stars'}
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
              {testimonial ? 'Save testimonial' : 'Create testimonial'}
            </SubmitButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
