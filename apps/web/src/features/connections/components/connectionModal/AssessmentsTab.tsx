import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../shared/ui/FormTextField';
import type { ConnectionForm } from '../../hooks/useConnectionForm';
import { NumberField } from './fields';

/** The rating (NPS) message and its limits; required when the company's user rating is on. */
export function AssessmentsTab({ c }: { c: ConnectionForm }) {
  const { t } = useTranslation();
  const { form, userRating } = c;
  return (
    <Stack spacing={2}>
      {userRating && <Alert severity="info">{t('connections.form.ratingOn')}</Alert>}
      <FormTextField
        name="ratingMessage"
        register={form.register}
        errors={form.formState.errors}
        label={t('connections.form.ratingMessage')}
        multiline
        minRows={3}
        helperText={t('connections.form.ratingHelp')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberField form={form} name="maxUseBotQueuesNPS" label={t('connections.form.maxUseBotQueuesNPS')} />
        <NumberField form={form} name="expiresTicketNPS" label={t('connections.form.expiresTicketNPS')} />
      </Stack>
    </Stack>
  );
}
