import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../../shared/api/errors';
import { usePlaceholdersHelp } from '../../../../shared/ui/placeholders';
import type { ConnectionForm } from '../../hooks/useConnectionForm';
import { FieldText } from './fields';

/** Greeting (with its media once saved), completion and out-of-hours messages, and the collective vacation. */
export function MessagesTab({ c }: { c: ConnectionForm }) {
  const { t } = useTranslation();
  const help = usePlaceholdersHelp();
  const { form, loaded, media, uploadGreeting } = c;
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Stack spacing={2}>
      <FieldText form={form} name="greetingMessage" label={t('connections.form.greetingMessage')} rows={3} helper={help} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label={t('connections.form.greetingMedia')}
          onChange={(e) => void uploadGreeting(e.target.files?.[0])}
        />
        <Button
          size="small"
          startIcon={<AttachFileIcon />}
          disabled={!loaded || media.upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          {t('connections.form.greetingMedia')}
        </Button>
        {!loaded && (
          <Typography variant="caption" color="text.secondary">
            {t('connections.form.mediaAfterSave')}
          </Typography>
        )}
        {loaded?.greetingMediaAttachment && (
          <>
            <Typography variant="body2" data-testid="greeting-media">
              {loaded.greetingMediaAttachment.split('/').pop()}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('connections.form.removeMedia')}
              onClick={() => media.remove.mutateAsync(loaded.id).catch(toastError)}
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </>
        )}
      </Box>
      <FieldText form={form} name="complationMessage" label={t('connections.form.complationMessage')} rows={2} helper={help} />
      <FieldText form={form} name="outOfHoursMessage" label={t('connections.form.outOfHoursMessage')} rows={2} helper={help} />
      <Typography variant="subtitle2">{t('connections.form.vacation')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FieldText form={form} name="collectiveVacationStart" date label={t('connections.form.vacationStart')} />
        <FieldText form={form} name="collectiveVacationEnd" date label={t('connections.form.vacationEnd')} />
      </Stack>
      <FieldText
        form={form}
        name="collectiveVacationMessage"
        label={t('connections.form.vacationMessage')}
        rows={2}
        helper={help}
      />
    </Stack>
  );
}
