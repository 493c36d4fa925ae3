import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  programInputSchema,
  type AdminProgram,
  type ProgramFormValues,
  type ProgramInput,
} from '@kikstart/contract/admin-catalog';
import { CLASS_TYPES, LOCATION_TYPES } from '@kikstart/contract/program-kinds';
import { ControlledTextField } from '../../../../components/form/form-text-field.tsx';
import { FormStack } from '../../../../components/form/form-stack.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { useCoachOptions } from '../api/get-coach-options.ts';
import { useSchoolOptions } from '../api/get-school-options.ts';
import { ActivitiesFields } from './activities-fields.tsx';
import { NumberField } from './number-field.tsx';
import { ScheduleFields } from './schedule-fields.tsx';

const resolver: Resolver<ProgramFormValues, unknown, ProgramInput> = zodResolver(programInputSchema);

/** A new program's starting values: nothing guessed that staff might not notice. */
export const EMPTY_PROGRAM: ProgramFormValues = {
  title: '',
  sport: '',
  summary: '',
  description: '',
  classType: 'after_school',
  locationType: 'public_class',
  schoolId: '',
  venueName: '',
  venueAddress: '',
  weekdays: [],
  startTime: '15:30',
  endTime: '16:30',
  firstDate: '',
  lastDate: '',
  minAge: null,
  maxAge: null,
  minGrade: null,
  maxGrade: null,
  capacity: Number.NaN,
  priceCents: Number.NaN,
  coveredByMembership: true,
  coachId: '',
  imageAlt: null,
  activities: [],
};

/** The form's values for a stored program (ids and counts stay out). */
export function programFormValues(p: AdminProgram): ProgramFormValues {
  return {
    ...EMPTY_PROGRAM,
    ...Object.fromEntries(Object.keys(EMPTY_PROGRAM).map((k) => [k, p[k as keyof AdminProgram]])),
    schoolId: p.schoolId ?? '',
    coachId: p.coachId ?? '',
    venueName: p.venueName ?? '',
    activities: p.activities.map(({ title, description }) => ({ title, description })),
  } as ProgramFormValues;
}

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Every field of the public program page, checked with the rules the server uses. */
export function ProgramForm({
  defaultValues,
  submitLabel,
  onSubmit,
}: {
  defaultValues: ProgramFormValues;
  submitLabel: string;
  /** Saves; throws ApiError on failure so field errors (capacity below the seats taken) land under fields. */
  onSubmit: (values: ProgramInput) => Promise<void>;
}) {
  const form = useForm<ProgramFormValues, unknown, ProgramInput>({
    resolver,
    defaultValues,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const { control } = form;
  const schools = useSchoolOptions().data ?? [];
  const coaches = useCoachOptions().data ?? [];
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });

  return (
    <FormStack label="Program" onSubmit={submit}>
      <Box sx={twoColumns}>
        <ControlledTextField control={control} name="title" label="Title" />
        <ControlledTextField control={control} name="sport" label="Activity (Soccer, Chess…)" />
      </Box>
      <ControlledTextField
        control={control}
        name="summary"
        label="Summary (on the program card)"
        multiline
        minRows={2}
      />
      <ControlledTextField control={control} name="description" label="Description (Markdown)" multiline minRows={5} />
      <Box sx={twoColumns}>
        <ControlledTextField control={control} name="classType" label="Class type" select>
          {CLASS_TYPES.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </ControlledTextField>
        <ControlledTextField control={control} name="locationType" label="Class location" select>
          {LOCATION_TYPES.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </ControlledTextField>
        <ControlledTextField control={control} name="schoolId" label="School" select>
          <MenuItem value="">No school (public venue)</MenuItem>
          {schools.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </ControlledTextField>
        <ControlledTextField control={control} name="venueName" label="Venue name" />
      </Box>
      <ControlledTextField
        control={control}
        name="venueAddress"
        label="Venue address"
        helperText="Leave empty to use the school's address."
      />

      <Divider />
      <Typography variant="h2" sx={{ fontSize: 20 }}>
        Schedule
      </Typography>
      <ScheduleFields control={control} />

      <Divider />
      <Typography variant="h2" sx={{ fontSize: 20 }}>
        Who, seats and price
      </Typography>
      <Box sx={{ ...twoColumns, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <NumberField control={control} name="minGrade" label="Lowest grade (K = 0)" />
        <NumberField control={control} name="maxGrade" label="Highest grade" />
        <NumberField control={control} name="minAge" label="Youngest age" />
        <NumberField control={control} name="maxAge" label="Oldest age" />
      </Box>
      <Box sx={twoColumns}>
        <NumberField
          control={control}
          name="capacity"
          label="Capacity (seats)"
          helperText="Raising it offers the new seats to the waitlist."
        />
        <NumberField control={control} name="priceCents" label="Price (USD)" money />
      </Box>
      <Controller
        control={control}
        name="coveredByMembership"
        render={({ field }) => (
          <FormControlLabel
            label="Covered by membership plans"
            control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
          />
        )}
      />
      <ControlledTextField control={control} name="coachId" label="Coach" select>
        <MenuItem value="">No coach yet</MenuItem>
        {coaches.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name} ({c.email})
          </MenuItem>
        ))}
      </ControlledTextField>

      <Divider />
      <ActivitiesFields control={control} />
      <ErrorSummary errors={form.formState.errors} show={form.formState.submitCount > 0} />
      <Box>
        <SubmitButton loading={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
      </Box>
    </FormStack>
  );
}

/** Every message in the form's errors, nested ones (activities) included. */
function messagesOf(errors: unknown): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string') return [message];
  return Object.values(errors).flatMap(messagesOf);
}

/** The form is long: after a refused submit, the problems are listed beside the button too. */
function ErrorSummary({ errors, show }: { errors: FieldErrors<ProgramFormValues>; show: boolean }) {
  const messages = [...new Set(messagesOf(errors))];
  if (!show || messages.length === 0) return null;
  return (
    <Alert severity="error" role="alert">
      Please correct: {messages.join(' · ')}
    </Alert>
  );
}
