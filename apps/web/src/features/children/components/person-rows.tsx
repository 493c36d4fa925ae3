import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useFieldArray } from 'react-hook-form';
import type { Control, FieldErrors } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PhoneField } from '../../../components/form/phone-field.tsx';
import type { ChildFormInput } from '../child-form-values.ts';
import { emptyPerson } from '../child-form-values.ts';

export interface PersonList {
  name: 'emergencyContacts' | 'pickupPeople';
  title: string;
  intro: string;
  /** What one row is called: 'Contact', 'Person'. */
  noun: string;
  min: number;
  max: number;
}

interface Props extends PersonList {
  control: Control<ChildFormInput>;
  errors: FieldErrors<ChildFormInput>;
  /** The form's submit count: rows present at a submit show their errors at once. */
  submitCount: number;
}

/**
 * Name, relation and phone rows that can be added and removed (useFieldArray). Adding or
 * removing a row makes react-hook-form check the whole list, so a row shows a field's error
 * only once the person has typed in that field and left it, unless the row was there when the
 * form was last submitted: "Add contact" never turns rows red before anyone typed in them.
 */
export function PersonRows({ control, errors, submitCount, name, title, intro, noun, min, max }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const listError = errors[name]?.root?.message ?? errors[name]?.message;
  const [submitted, setSubmitted] = useState({ count: 0, rowIds: new Set<string>() });
  if (submitted.count !== submitCount) setSubmitted({ count: submitCount, rowIds: new Set(fields.map((f) => f.id)) });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h4" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {fields.length === 0 && <Typography sx={{ mb: 2 }}>No one added yet.</Typography>}
      {fields.map((f, i) => {
        const rowField = { control, hideErrorUntilEdited: !submitted.rowIds.has(f.id), reserveHelperLine: true };
        return (
          <Box
            key={f.id}
            role="group"
            aria-label={`${noun} ${i + 1}`}
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr auto' },
              alignItems: 'start',
              mb: 2,
            }}
          >
            <FormTextField
              {...rowField}
              name={`${name}.${i}.name`}
              label={`${noun} ${i + 1} name`}
              placeholder="Enter full name"
              required
            />
            <FormTextField
              {...rowField}
              name={`${name}.${i}.relation`}
              label="Relation"
              placeholder="e.g. Grandmother"
              required
            />
            <PhoneField {...rowField} name={`${name}.${i}.phone`} label="Phone" required />
            <IconButton
              onClick={() => remove(i)}
              disabled={fields.length <= min}
              aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`}
              sx={{ mt: 1 }}
            >
              <DeleteOutline />
            </IconButton>
          </Box>
        );
      })}
      {listError && (
        <FormHelperText error sx={{ mb: 1 }}>
          {listError}
        </FormHelperText>
      )}
      <Button startIcon={<Add aria-hidden />} onClick={() => append(emptyPerson())} disabled={fields.length >= max}>
        {`Add ${noun.toLowerCase()}`}
      </Button>
    </Box>
  );
}
