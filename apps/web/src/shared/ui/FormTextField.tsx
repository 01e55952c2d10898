import { TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { type FieldErrors, type FieldValues, get, type Path, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  name: Path<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Shown when the field has no error. */
  helperText?: ReactNode;
};

/**
 * A react-hook-form text field: registered by name, red with its translated error (an i18n key, from the shared zod
 * schema or the server's ERR_VALIDATION fields), else its helper text.
 */
export function FormTextField<T extends FieldValues>({ name, register, errors, helperText, ...rest }: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return <TextField {...rest} {...register(name)} error={Boolean(message)} helperText={message ? t(message) : helperText} />;
}
