import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { boundTextFieldProps } from './form-text-field.tsx';

export interface PasswordFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  /** 'current-password' for sign-in, 'new-password' when choosing one. */
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  /** Shown under the field when it has no error (e.g. the password rules). */
  helperText?: string;
  disabled?: boolean;
}

/** Password input with a show/hide toggle. Passwords are not trimmed (spaces count). */
export function PasswordField<TValues extends FieldValues>({
  control,
  name,
  label,
  autoComplete,
  required,
  helperText,
  disabled,
}: PasswordFieldProps<TValues>) {
  const [visible, setVisible] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...boundTextFieldProps(field, fieldState, { helperText, disabled })}
          label={label}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          required={required}
          slotProps={{
            htmlInput: { autoCapitalize: 'none', spellCheck: false },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
                    aria-pressed={visible}
                    onClick={() => setVisible((v) => !v)}
                    onMouseDown={(event) => event.preventDefault()}
                    edge="end"
                  >
                    {visible ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
