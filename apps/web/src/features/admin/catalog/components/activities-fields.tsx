import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, type Control } from 'react-hook-form';
import { PROGRAM_LIMITS, type ProgramFormValues } from '@kikstart/contract/admin-catalog';
import { ControlledTextField } from '../../../../components/form/form-text-field.tsx';

/** What the program does, session by session, in the order families read it. */
export function ActivitiesFields({ control }: { control: Control<ProgramFormValues> }) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'activities' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Activities
      </Typography>
      <Stack spacing={2}>
        {fields.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>
            No activities yet. Add what the children do in each session, in order.
          </Typography>
        )}
        {fields.map((f, i) => (
          <Box key={f.id} sx={{ display: 'grid', gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <ControlledTextField
              control={control}
              name={`activities.${i}.title`}
              label={`Activity ${i + 1} title`}
              hideErrorUntilEdited
              reserveHelperLine
            />
            <ControlledTextField
              control={control}
              name={`activities.${i}.description`}
              label={`Activity ${i + 1} description`}
              multiline
              minRows={2}
              hideErrorUntilEdited
              reserveHelperLine
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                Move up
              </Button>
              <Button size="small" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                Move down
              </Button>
              <Button size="small" color="error" onClick={() => remove(i)}>
                Remove activity {i + 1}
              </Button>
            </Box>
          </Box>
        ))}
        <Box>
          <Button
            variant="outlined"
            disabled={fields.length >= PROGRAM_LIMITS.maxActivities}
            onClick={() => append({ title: '', description: '' })}
          >
            Add an activity
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
