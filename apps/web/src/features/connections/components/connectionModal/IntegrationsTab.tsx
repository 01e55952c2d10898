import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionForm } from '../../hooks/useConnectionForm';
import { SwitchField } from './fields';

/** The AI prompt and the queue integration, each only when the plan allows it. */
export function IntegrationsTab({ c }: { c: ConnectionForm }) {
  const { t } = useTranslation();
  const { form, allowPrompts, allowIntegrations, targets } = c;
  const useIntegration = form.watch('useIntegration');
  return (
    <Stack spacing={2}>
      {allowPrompts ? (
        <Controller
          control={form.control}
          name="promptId"
          render={({ field }) => (
            <TextField
              select
              label={t('connections.form.prompt')}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
            >
              <MenuItem value="">{t('connections.form.none')}</MenuItem>
              {targets.prompts.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : (
        <Alert severity="info">{t('connections.form.promptsOff')}</Alert>
      )}
      {allowIntegrations ? (
        <>
          <SwitchField form={form} name="useIntegration" label={t('connections.form.useIntegration')} />
          <Controller
            control={form.control}
            name="integrationId"
            render={({ field }) => (
              <TextField
                select
                label={t('connections.form.integration')}
                disabled={!useIntegration}
                value={useIntegration ? field.value : ''}
                onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
              >
                <MenuItem value="">{t('connections.form.none')}</MenuItem>
                {targets.integrations.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </>
      ) : (
        <Alert severity="info">{t('connections.form.integrationsOff')}</Alert>
      )}
    </Stack>
  );
}
