import { FormControlLabel, MenuItem, Switch, TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../shared/ui/FormTextField';
import type { Form } from '../../utils/connectionForm';

type FormApi = UseFormReturn<Form>;

/**
 * A text field of the connection form: `date` for a calendar day, `rows` for a text area, `numeric` for a whole
 * number typed as text (converted and checked by the shared schema on submit).
 */
export function FieldText({
  form,
  name,
  label,
  helper,
  date,
  rows,
  numeric,
  ...rest
}: {
  form: FormApi;
  name: Path<Form>;
  label: string;
  helper?: string;
  date?: boolean;
  rows?: number;
  numeric?: boolean;
} & Pick<TextFieldProps, 'autoFocus' | 'fullWidth' | 'type' | 'slotProps'>) {
  return (
    <FormTextField
      name={name}
      register={form.register}
      errors={form.formState.errors}
      label={label}
      helperText={helper}
      fullWidth={date || numeric || rest.fullWidth}
      {...(date ? { type: 'date', slotProps: { inputLabel: { shrink: true } } } : {})}
      {...(rows ? { multiline: true, minRows: rows } : {})}
      {...(numeric ? { inputMode: 'numeric' as const } : {})}
      {...rest}
    />
  );
}

/** A queue of the company, or none. */
export function QueueSelect({
  form,
  name,
  label,
  queues,
}: {
  form: FormApi;
  name: 'sendIdQueue' | 'queueIdImportMessages';
  label: string;
  queues: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const error = form.formState.errors[name]?.message;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
        >
          <MenuItem value="">{t('connections.form.none')}</MenuItem>
          {queues.map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

type SwitchName =
  | 'isDefault'
  | 'groupAsTicket'
  | 'allowGroup'
  | 'importOn'
  | 'importOldMessagesGroups'
  | 'closedTicketsPostImported'
  | 'useIntegration';

export function SwitchField({ form, name, label }: { form: FormApi; name: SwitchName; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}
