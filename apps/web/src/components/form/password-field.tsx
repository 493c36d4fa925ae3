import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { ControlledTextField } from './form-text-field.tsx';

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
export function PasswordField<TValues extends FieldValues>({ label, ...props }: PasswordFieldProps<TValues>) {
  const [visible, setVisible] = useState(false);
  return (
    <ControlledTextField
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
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
  );
}
