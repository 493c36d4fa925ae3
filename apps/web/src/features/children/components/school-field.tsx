import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { useSchools } from '../api/get-schools.ts';
import type { ChildFormInput } from '../child-form-values.ts';

/** A listed school (sets schoolId) or any school name typed in (schoolId stays empty). */
export function SchoolField({ control }: { control: Control<ChildFormInput> }) {
  const schools = useSchools();
  const id = useController({ control, name: 'schoolId' });
  const name = useController({ control, name: 'schoolName' });
  const options = schools.data ?? [];
  const error = id.fieldState.error?.message ?? name.fieldState.error?.message;
  return (
    <Autocomplete
      freeSolo
      options={options}
      loading={schools.isPending}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {`${o.name} — ${o.city}`}
        </li>
      )}
      inputValue={(name.field.value as string | null | undefined) ?? ''}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset' && !text) return;
        name.field.onChange(text);
        const match = options.find((s) => s.name.toLowerCase() === text.trim().toLowerCase());
        id.field.onChange(match ? match.id : null);
      }}
      onChange={(_, value) => {
        if (value && typeof value !== 'string') {
          id.field.onChange(value.id);
          name.field.onChange(value.name);
        }
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name="schoolName"
          inputRef={name.field.ref}
          onBlur={name.field.onBlur}
          label="School"
          placeholder="Enter School name"
          error={!!error}
          helperText={error ?? 'Pick a partner school from the list, or type your child’s school.'}
        />
      )}
    />
  );
}
