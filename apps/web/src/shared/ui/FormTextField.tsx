import { TextField, type TextFieldProps } from '@mui/material';
import type { ElementType, ReactNode } from 'react';
import { type FieldErrors, type FieldValues, get, type Path, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  name: Path<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Shown when the field has no error message. */
  helperText?: ReactNode;
  /** A TextField of another kind (e.g. a password field with its eye button). */
  field?: ElementType;
};

/**
 * A react-hook-form text field: registered by name, red when the field has an error, showing its translated message
 * (an i18n key, from the shared zod schema or the server's ERR_VALIDATION fields) in place of the helper text.
 */
export function FormTextField<T extends FieldValues>({
  name,
  register,
  errors,
  helperText,
  field: Field = TextField,
  ...rest
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const error = get(errors, name) as { message?: string } | undefined;
  return (
    <Field {...rest} {...register(name)} error={Boolean(error)} helperText={error?.message ? t(error.message) : helperText} />
  );
}
