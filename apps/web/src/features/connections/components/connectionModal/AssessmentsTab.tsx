import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ConnectionForm } from '../../hooks/useConnectionForm';
import { FieldText } from './fields';

/** The rating (NPS) message and its limits; required when the company's user rating is on. */
export function AssessmentsTab({ c }: { c: ConnectionForm }) {
  const { t } = useTranslation();
  const { form, userRating } = c;
  return (
    <Stack spacing={2}>
      {userRating && <Alert severity="info">{t('connections.form.ratingOn')}</Alert>}
      <FieldText
        form={form}
        name="ratingMessage"
        label={t('connections.form.ratingMessage')}
        rows={3}
        helper={t('connections.form.ratingHelp')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FieldText numeric form={form} name="maxUseBotQueuesNPS" label={t('connections.form.maxUseBotQueuesNPS')} />
        <FieldText numeric form={form} name="expiresTicketNPS" label={t('connections.form.expiresTicketNPS')} />
      </Stack>
    </Stack>
  );
}
