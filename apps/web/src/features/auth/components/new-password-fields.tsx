import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { PASSWORD_HINT } from '../password-copy.ts';

/** A new password with its rules as the hint, and the same again in `confirmPassword`. */
export function NewPasswordFields<TValues extends FieldValues & { confirmPassword: string }>({
  control,
  name,
  label,
}: {
  control: Control<TValues>;
  /** The new password's field. */
  name: FieldPath<TValues>;
  label: string;
}) {
  return (
    <>
      <PasswordField
        control={control}
        name={name}
        label={label}
        autoComplete="new-password"
        required
        helperText={PASSWORD_HINT}
      />
      <PasswordField
        control={control}
        name={'confirmPassword' as FieldPath<TValues>}
        label="Confirm new password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
