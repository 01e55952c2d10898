import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../shared/ui/FormTextField';
import type { Form } from '../../utils/connectionForm';

type FormApi = UseFormReturn<Form>;

type NumberName =
  | 'timeCreateNewTicket'
  | 'maxUseBotQueues'
  | 'timeUseBotQueues'
  | 'expiresTicket'
  | 'timeInactiveMessage'
  | 'timeSendQueue'
  | 'maxUseBotQueuesNPS'
  | 'expiresTicketNPS';

/** A whole number typed as text (converted and checked by the shared schema on submit). */
export function NumberField({ form, name, label, helper }: { form: FormApi; name: NumberName; label: string; helper?: string }) {
  return (
    <FormTextField
      name={name}
      register={form.register}
      errors={form.formState.errors}
      label={label}
      inputMode="numeric"
      fullWidth
      helperText={helper}
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
