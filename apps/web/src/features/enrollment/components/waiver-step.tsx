import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ENROLLMENT_MESSAGES, enrollmentCreateSchema } from '@kikstart/contract/enrollments';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { useWaiver } from '../api/get-waiver.ts';
import { StepActions } from './step-actions.tsx';
import { LoadError } from '../../../components/load-error.tsx';

/** The waiver half of POST /enrollments/create, with the contract's rules and messages. */
const waiverSchema = z.object({
  waiverName: enrollmentCreateSchema.shape.waiverName,
  waiverAccepted: z.boolean().refine((v) => v, ENROLLMENT_MESSAGES.waiverAccepted),
});
export type WaiverValues = z.infer<typeof waiverSchema>;
export interface SignedWaiver {
  waiverName: string;
  waiverVersion: number;
}

/** Step 3: read the waiver (CMS Markdown), type your full name, tick the box; the version is kept. */
export function WaiverStep({
  initial,
  onBack,
  onSigned,
}: {
  initial: SignedWaiver | null;
  onBack: () => void;
  onSigned: (w: SignedWaiver) => void;
}) {
  const waiver = useWaiver();
  const form = useForm<WaiverValues>({
    resolver: zodResolver(waiverSchema),
    defaultValues: {
      waiverName: initial?.waiverName ?? '',
      waiverAccepted: !!initial && initial.waiverVersion === waiver.data?.version,
    },
  });

  if (waiver.isError) return <LoadError onRetry={() => waiver.refetch()}>The waiver could not be loaded.</LoadError>;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(
        (v) => waiver.data && onSigned({ waiverName: v.waiverName.trim(), waiverVersion: waiver.data.version }),
      )}
    >
      <Stack spacing={3}>
        <Paper
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label={waiver.data?.title ?? 'Waiver'}
          sx={{ p: { xs: 2, md: 3 }, maxHeight: 360, overflowY: 'auto' }}
        >
          {waiver.data ? (
            <>
              <Typography variant="h4" component="h3" gutterBottom>
                {waiver.data.title}
              </Typography>
              <Markdown>{waiver.data.body}</Markdown>
              <Typography variant="body2" color="text.secondary">
                Version {waiver.data.version}
              </Typography>
            </>
          ) : (
            <Box aria-hidden>
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} animation="wave" />
              ))}
            </Box>
          )}
        </Paper>
        <FormTextField
          control={form.control}
          name="waiverName"
          label="Guardian’s full name"
          placeholder="Enter full name"
          autoComplete="name"
          required
        />
        <Controller
          control={form.control}
          name="waiverAccepted"
          render={({ field, fieldState }) => (
            <FormControl error={!!fieldState.error}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={!!field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                    name={field.name}
                  />
                }
                label="I have read the waiver and accept it on behalf of my child"
              />
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <StepActions onBack={onBack} nextType="submit" nextLabel="Sign and continue" nextDisabled={!waiver.data} />
      </Stack>
    </Box>
  );
}
