import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionForm } from '../../hooks/useConnectionForm';
import { SwitchField } from './fields';

/** A prompt or an integration to link, or none. */
function TargetSelect({
  c,
  name,
  label,
  options,
  disabled = false,
}: {
  c: ConnectionForm;
  name: 'promptId' | 'integrationId';
  label: string;
  options: { id: number; name: string }[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={c.form.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          disabled={disabled}
          value={disabled ? '' : field.value}
          onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
        >
          <MenuItem value="">{t('connections.form.none')}</MenuItem>
          {options.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The AI prompt and the queue integration, each only when the plan allows it. */
export function IntegrationsTab({ c }: { c: ConnectionForm }) {
  const { t } = useTranslation();
  const { form, allowPrompts, allowIntegrations, targets } = c;
  const useIntegration = form.watch('useIntegration');
  return (
    <Stack spacing={2}>
      {allowPrompts ? (
        <TargetSelect c={c} name="promptId" label={t('connections.form.prompt')} options={targets.prompts} />
      ) : (
        <Alert severity="info">{t('connections.form.promptsOff')}</Alert>
      )}
      {allowIntegrations ? (
        <>
          <SwitchField form={form} name="useIntegration" label={t('connections.form.useIntegration')} />
          <TargetSelect
            c={c}
            name="integrationId"
            label={t('connections.form.integration')}
            options={targets.integrations}
            disabled={!useIntegration}
          />
        </>
      ) : (
        <Alert severity="info">{t('connections.form.integrationsOff')}</Alert>
      )}
    </Stack>
  );
}
