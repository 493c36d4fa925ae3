import { useEffect, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { DEMO_MODAL_TITLE, TIME_SLOT_DEFAULT, demoRequestSchema } from '@kikstart/contract/leads';
import { programToday } from '@kikstart/contract/schedule';
import { DateField } from '../../../components/form/date-field.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TimeSlotField } from '../../../components/form/time-slot-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { useCreateDemoRequest } from '../api/create-demo-request.ts';
import type { DemoDetails } from '../../../store/demo-slice.ts';
import { markFirstVisitDone } from '../../../lib/first-visit-cookie.ts';
import { LeadForm } from './lead-form.tsx';
import { LeadContactFields, SPEC_CONTACT } from './lead-contact-fields.tsx';
import { usePostedForm, type PostedForm } from '../use-posted-form.ts';

type DemoSchema = ReturnType<typeof demoRequestSchema>;
type Values = z.input<DemoSchema>;

/** The first day a demo can be asked for: today in the programs' time zone, read when the calendar loads. */
const firstDemoDay = () => programToday(new Date());

const blankDemo = (details: DemoDetails | null): Values => ({
  offerId: details?._id,
  fullName: '',
  phone: '',
  schoolName: '',
  schoolAddress: '',
  date: '',
  time: TIME_SLOT_DEFAULT,
  website: '',
});

/** The demo form's first state: blank, or the outcome of its post without scripts (decision 0033). */
export const usePostedDemo = (details: DemoDetails | null) => usePostedForm('demo', blankDemo(details));

/**
 * The demo request's fields (spec §3, §5), in the modal and on the /request-a-demo page. Without
 * scripts it posts to that page, which answers with its messages or its success.
 */
export function DemoRequestForm({
  details,
  posted,
  onDirtyChange,
  onSent,
}: {
  details: DemoDetails | null;
  /** The page's form: what its post came to. The modal's form always starts blank. */
  posted?: PostedForm<Values>;
  onDirtyChange?: (dirty: boolean) => void;
  onSent: () => void;
}) {
  // "Today" (in the programs' time zone, as on the server) is read at each validation, so a tab
  // left open overnight still checks the right day.
  const schema = useMemo(() => demoRequestSchema(), []);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { isDirty },
  } = useForm<Values, unknown, z.output<DemoSchema>>({
    resolver: zodResolver(schema),
    defaultValues: (posted?.posted ? posted.defaultValues : blankDemo(details)) as DefaultValues<Values>,
    errors: posted?.errors,
  });
  const mutation = useCreateDemoRequest();
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit((values) =>
    mutation.mutateAsync(values).then(
      () => {
        // Success records the finished first visit (spec §4); the modal then closes.
        markFirstVisitDone();
        reset(blankDemo(details));
        onSent();
      },
      (error: unknown) => {
        applyServerErrors(error, setError, ['fullName', 'phone', 'schoolName', 'schoolAddress', 'date', 'time']);
      },
    ),
  );

  return (
    <LeadForm
      label={DEMO_MODAL_TITLE}
      onSubmit={onSubmit}
      register={register}
      page={{ form: 'demo', problem: posted?.problem, action: paths.requestDemo }}
    >
      <LeadContactFields control={control} {...SPEC_CONTACT} />
      <FormTextField
        control={control}
        name="schoolAddress"
        label="School address"
        placeholder="Enter school address"
        autoComplete="street-address"
        required
      />
      <DateField control={control} name="date" label="Preferred date" minDate={firstDemoDay} required />
      <TimeSlotField control={control} name="time" label="Preferred time" required />
      <SubmitButton loading={mutation.isPending} fullWidth>
        Request my free demo
      </SubmitButton>
    </LeadForm>
  );
}
