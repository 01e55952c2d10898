import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionForm } from '../../hooks/useConnectionForm';
import { FieldText, QueueSelect } from './fields';

/** The bot's limits, the ticket expiry and its message, inactivity, and the redirect to a queue after a wait. */
export function ChatbotTab({ c }: { c: ConnectionForm }) {
  const { t } = useTranslation();
  const { form, queueOptions } = c;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FieldText numeric form={form} name="maxUseBotQueues" label={t('connections.form.maxUseBotQueues')} />
        <FieldText numeric form={form} name="timeUseBotQueues" label={t('connections.form.timeUseBotQueues')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FieldText numeric form={form} name="expiresTicket" label={t('connections.form.expiresTicket')} />
        <Controller
          control={form.control}
          name="whenExpiresTicket"
          render={({ field }) => (
            <TextField select fullWidth label={t('connections.form.whenExpiresTicket')} {...field}>
              <MenuItem value="0">{t('connections.form.whenExpires0')}</MenuItem>
              <MenuItem value="1">{t('connections.form.whenExpires1')}</MenuItem>
            </TextField>
          )}
        />
      </Stack>
      <FieldText form={form} name="expiresInactiveMessage" label={t('connections.form.expiresInactiveMessage')} rows={2} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FieldText numeric form={form} name="timeInactiveMessage" label={t('connections.form.timeInactiveMessage')} />
      </Stack>
      <FieldText form={form} name="inactiveMessage" label={t('connections.form.inactiveMessage')} rows={2} />
      <Typography variant="subtitle2">{t('connections.form.redirect')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FieldText numeric form={form} name="timeSendQueue" label={t('connections.form.timeSendQueue')} />
        <QueueSelect form={form} name="sendIdQueue" label={t('connections.form.sendIdQueue')} queues={queueOptions} />
      </Stack>
    </Stack>
  );
}
