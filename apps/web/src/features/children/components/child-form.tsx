import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import {
  GRADES,
  MAX_ALLERGY_DETAILS,
  MAX_EMERGENCY_CONTACTS,
  MAX_MEDICAL_NOTES,
  MAX_PICKUP_PEOPLE,
  childInputSchema,
} from '@kikstart/contract/children';
import { YES } from '@kikstart/contract/common';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { DateField } from '../../../components/form/date-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import type { ChildFormInput, ChildFormOutput } from '../child-form-values.ts';
import { PersonRows, type PersonList } from './person-rows.tsx';
import { PhotoField } from './photo-field.tsx';
import { SchoolField } from './school-field.tsx';
import { YesNoField } from './yes-no-field.tsx';

const childResolver: Resolver<ChildFormInput, unknown, ChildFormOutput> = zodResolver(childInputSchema);

/** The two lists of people on a child: who to call, and who may collect the child. */
const PERSON_LISTS: PersonList[] = [
  {
    name: 'emergencyContacts',
    title: 'Emergency contacts',
    intro: 'At least one person we can call if we cannot reach you.',
    noun: 'Contact',
    min: 1,
    max: MAX_EMERGENCY_CONTACTS,
  },
  {
    name: 'pickupPeople',
    title: 'People allowed to pick up',
    intro: 'Besides the family’s guardians, who may collect your child after class. Coaches check this list.',
    noun: 'Person',
    min: 0,
    max: MAX_PICKUP_PEOPLE,
  },
];

/** Where the date of birth picker opens: the years around a first grader. */
const TYPICAL_CHILD_AGE = 6;

const today = () => new Date().toISOString().slice(0, 10);
const yearsAgo = (n: number) => `${new Date().getUTCFullYear() - n}-01-01`;
const todayYearsAgo = (n: number) => `${new Date().getUTCFullYear() - n}${today().slice(4)}`;

interface Props {
  defaultValues: Partial<ChildFormInput>;
  currentPhotoUrl?: string | null;
  submitLabel: string;
  /** Saves the child (and its photo); throws ApiError on failure so field errors land under fields. */
  onSubmit: (values: ChildFormOutput, photo: File | null) => Promise<void>;
}

/** Every field of a child, validated with the contract schema the server uses. */
export function ChildForm({ defaultValues, currentPhotoUrl = null, submitLabel, onSubmit }: Props) {
  const form = useForm<ChildFormInput, unknown, ChildFormOutput>({
    resolver: childResolver,
    defaultValues,
    // A field is checked once the person leaves it, then on every change (so an error clears
    // as soon as the value is right); after a submit, every change re-checks.
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const { control, formState } = form;
  const allergies = useWatch({ control, name: 'allergies' });
  const [photo, setPhoto] = useState<File | null>(null);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, photo);
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Child details">
      <Stack spacing={4}>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="firstName"
            reserveHelperLine
            label="First name"
            placeholder="Enter first name"
            autoComplete="off"
            required
          />
          <FormTextField
            control={control}
            name="lastName"
            reserveHelperLine
            label="Last name"
            placeholder="Enter last name"
            autoComplete="off"
            required
          />
          <DateField
            control={control}
            name="dateOfBirth"
            label="Date of birth"
            disableFuture
            minDate={yearsAgo(19)}
            maxDate={today()}
            // Opens on the years around a typical child's age, not on this month.
            openTo="year"
            referenceDate={todayYearsAgo(TYPICAL_CHILD_AGE)}
            required
          />
          <Controller
            control={control}
            name="grade"
            render={({ field, fieldState }) => (
              <TextField
                select
                required
                label="Grade"
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
                onBlur={field.onBlur}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? 'K is kindergarten'}
              >
                {GRADES.map((g) => (
                  <MenuItem key={g.id} value={g.id}>
                    {g.id === 0 ? 'K (kindergarten)' : `Grade ${g.label}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <SchoolField control={control} />
          </Box>
        </Box>

        <Divider />
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Typography variant="h4" component="h3">
            Health
          </Typography>
          <YesNoField control={control} name="allergies" label="Does your child have any allergies?" />
          {allergies === YES && (
            <FormTextField
              control={control}
              name="allergyDetails"
              label="Allergy details"
              placeholder="What is your child allergic to, and what should the coach do?"
              multiline
              minRows={2}
              required
              inputProps={{ maxLength: MAX_ALLERGY_DETAILS }}
            />
          )}
          <FormTextField
            control={control}
            name="medicalNotes"
            label="Medical notes"
            placeholder="Conditions, medication or anything the coach should know"
            multiline
            minRows={3}
            helperText="Optional. Shared only with your child’s coach."
            inputProps={{ maxLength: MAX_MEDICAL_NOTES }}
          />
        </Box>

        {PERSON_LISTS.map((list) => (
          <Fragment key={list.name}>
            <Divider />
            <PersonRows control={control} errors={formState.errors} submitCount={formState.submitCount} {...list} />
          </Fragment>
        ))}

        <Divider />
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <YesNoField
            control={control}
            name="photoConsent"
            label="May we take photos of your child during classes?"
            help={
              <>
                Read our{' '}
                <Link component={RouterLink} to={paths.photoPolicy} target="_blank" rel="noopener">
                  photo policy (opens in a new tab)
                </Link>
                .
              </>
            }
          />
          <PhotoField currentUrl={currentPhotoUrl} file={photo} onChange={setPhoto} />
        </Box>

        <Box>
          <SubmitButton loading={formState.isSubmitting}>{submitLabel}</SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
