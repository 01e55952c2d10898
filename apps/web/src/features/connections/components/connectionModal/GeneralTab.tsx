import { isMaskedSecret } from '@atendo/shared';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import {
  Alert,
  Checkbox,
  IconButton,
  InputAdornment,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../../shared/ui/CopyField';
import { FormTextField } from '../../../../shared/ui/FormTextField';
import type { ConnectionForm } from '../../hooks/useConnectionForm';
import { randomToken } from '../../utils/connectionForm';
import { FieldText, QueueSelect, SwitchField } from './fields';

/** Name, default, queues, token; the Cloud API credentials or the WhatsApp groups and history import. */
export function GeneralTab({ c }: { c: ConnectionForm }) {
  const { t } = useTranslation();
  const { form, channel, loaded, queueOptions } = c;
  const { register, control, watch, setValue } = form;
  const errors = form.formState.errors;
  const importOn = watch('importOn');
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        <FieldText form={form} name="name" label={t('connections.form.name')} fullWidth autoFocus />
        <SwitchField form={form} name="isDefault" label={t('connections.form.isDefault')} />
      </Stack>
      <Controller
        control={control}
        name="queueIds"
        render={({ field }) => (
          <TextField
            select
            label={t('connections.form.queues')}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (v) => (v as number[]).map((id) => queueOptions.find((q) => q.id === id)?.name ?? id).join(', '),
              },
            }}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value as unknown as number[])}
          >
            {queueOptions.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                <Checkbox checked={field.value.includes(q.id)} size="small" />
                <ListItemText primary={q.name} />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        name="token"
        register={register}
        errors={errors}
        label={t('connections.form.token')}
        helperText={t('connections.form.tokenHelp')}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('connections.form.newToken')}>
                  <IconButton aria-label={t('connections.form.newToken')} onClick={() => setValue('token', randomToken())}>
                    <AutorenewIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      {channel === 'whatsappapi' && (
        <Stack spacing={2}>
          <Typography variant="subtitle2">{t('connections.form.cloudApi')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FieldText form={form} name="phoneNumberId" label={t('connections.form.phoneNumberId')} fullWidth />
            <FieldText form={form} name="businessAccountId" label={t('connections.form.businessAccountId')} fullWidth />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FieldText
              form={form}
              name="accessToken"
              label={t('connections.form.accessToken')}
              fullWidth
              type={isMaskedSecret(watch('accessToken')) ? 'text' : 'password'}
            />
            <FieldText
              form={form}
              name="appSecret"
              label={t('connections.form.appSecret')}
              fullWidth
              type={isMaskedSecret(watch('appSecret')) ? 'text' : 'password'}
            />
          </Stack>
          <FieldText
            form={form}
            name="verifyToken"
            label={t('connections.form.verifyToken')}
            helper={t('connections.form.verifyTokenHelp')}
          />
          {loaded?.webhookUrl && <CopyField label={t('connections.form.webhookUrl')} value={loaded.webhookUrl} />}
        </Stack>
      )}
      {channel === 'whatsapp' && (
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SwitchField form={form} name="allowGroup" label={t('connections.form.allowGroup')} />
            <SwitchField form={form} name="groupAsTicket" label={t('connections.form.groupAsTicket')} />
          </Stack>
          <SwitchField form={form} name="importOn" label={t('connections.form.importOn')} />
          {importOn && (
            <Stack spacing={2}>
              <Alert severity="info">{t('connections.form.importHelp')}</Alert>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FieldText
                  form={form}
                  name="importOldMessages"
                  date
                  label={t('connections.form.importOldMessages')}
                  helper={t('connections.form.importOldHelp')}
                />
                <FieldText form={form} name="importRecentMessages" date label={t('connections.form.importRecentMessages')} />
              </Stack>
              <QueueSelect
                form={form}
                name="queueIdImportMessages"
                label={t('connections.form.queueIdImportMessages')}
                queues={queueOptions}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <SwitchField form={form} name="importOldMessagesGroups" label={t('connections.form.importOldMessagesGroups')} />
                <SwitchField
                  form={form}
                  name="closedTicketsPostImported"
                  label={t('connections.form.closedTicketsPostImported')}
                />
              </Stack>
            </Stack>
          )}
        </Stack>
      )}
      <FieldText
        numeric
        form={form}
        name="timeCreateNewTicket"
        label={t('connections.form.timeCreateNewTicket')}
        helper={t('connections.form.timeCreateNewTicketHelp')}
      />
    </Stack>
  );
}
